package io.crosscheck.cli;

import io.crosscheck.audit.LiveAudit;
import io.crosscheck.model.Target;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.ShutdownInterrupt;
import io.crosscheck.rundir.RunDirectory;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the cells of a {@code crosscheck matrix} one after another, each a {@code crosscheck run}
 * in a fresh child JVM under the live capture of this process, then compared ({@link
 * AuditCommand#audit}); keeps matrix.json (rewritten atomically after every cell), the progress
 * line with its ETA (the mean wall time of the cells run so far in this invocation), resumption
 * (a cell whose run directory holds completed findings is read, not re-run) and Ctrl-C (the cell
 * under way ends as interrupted, exit 130). Not thread-safe: one matrix per instance.
 */
final class MatrixRun {
  static final String MATRIX_JSON = "matrix.json";
  static final String SCHEMA = "crosscheck-matrix/1";
  /** How long Ctrl-C waits for the cell under way to stop its child and finish its directory. */
  private static final long INTERRUPT_GRACE_SECONDS = 45;

  private final Path dir;
  private final CellAudit audit;
  private final Map<String, Object> workload;
  private final PrintStream out;
  private long createdEpochMillis = System.currentTimeMillis();
  private final List<MatrixCell> cells = new ArrayList<>();
  /** Cells an earlier invocation ran in this directory that this one does not plan: kept, never dropped. */
  private final List<MatrixCell> earlier = new ArrayList<>();
  private final List<Map<String, Object>> searches = new ArrayList<>();
  private Double boundMicros;
  private Study study;
  private long ranNanos;
  private int ran;

  /**
   * Audits one cell in its directory {@code cellDir} (created, empty), its console output to {@code
   * log}: returns the audit's exit code (0, 1, 2, 3, 130) and the run directory it wrote.
   */
  @FunctionalInterface
  interface CellAudit {
    Audited audit(MatrixCommand.Jvm jvm, MatrixCommand.OptSet set, int users, Path cellDir, PrintStream log)
        throws IOException;
  }

  /** A cell's audit: its exit code and its run directory. */
  record Audited(int exitCode, Path runDir) {}

  /** Audits one cell of a study into its directory {@code cellDir}, its console output to {@code log}. */
  @FunctionalInterface
  interface CellRun {
    Audited run(Path cellDir, PrintStream log) throws IOException;
  }

  /**
   * A cell a study planned ({@code crosscheck study}): its pending record (with its dimensions), the
   * words of its progress line, and how it is audited.
   */
  record Planned(MatrixCell cell, String what, CellRun run) {}

  /**
   * What a study adds to the matrix: a section of matrix.json computed from the cells so far
   * ({@code study}, rewritten with them), and the text printed at the end instead of the JVM table.
   */
  interface Study {
    Object section(List<MatrixCell> cells);

    String text(List<MatrixCell> cells);
  }

  /**
   * crosscheck's own engine: {@code crosscheck run CHILD_ARGS --users N --target URL --into CELL_DIR}
   * in a child JVM under the capture, then compared; the cell's directory is its run directory.
   */
  static CellAudit ownEngine(Target target, AuditCommand.CaptureOptions capture, List<String> childArgs) {
    return (jvm, set, users, cellDir, log) -> {
      List<String> args = new ArrayList<>(childArgs);
      args.addAll(set.engineOpts());
      args.addAll(List.of("--users", String.valueOf(users)));
      return auditChild(target, capture, jvm.home(), set.jvmOpts(), args, cellDir, log);
    };
  }

  /**
   * {@code crosscheck run ARGS --target URL --into CELL_DIR} in a child JVM of {@code javaHome} with
   * {@code jvmOpts}, under this process's live capture of {@code target}, then compared: a cell of
   * crosscheck's own engines (the JVM matrix's and the flash-crowd study's).
   */
  static Audited auditChild(Target target, AuditCommand.CaptureOptions capture, Path javaHome, List<String> jvmOpts,
      List<String> runArgs, Path cellDir, PrintStream log) throws IOException {
    List<String> args = new ArrayList<>(runArgs);
    args.addAll(List.of("--target", target.toString(), "--into", cellDir.toString(), "--progress", "off"));
    args.addAll(ChildRun.targetAddress(target));
    LiveAudit.Runner runner = stage -> {
      ChildRun.Ran r = ChildRun.executeInto(RunDirectory.existing(cellDir), javaHome, jvmOpts, args, stage, null);
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("interrupted: the child JVM was stopped");
      }
      return r;
    };
    return new Audited(LiveAudit.audit(runner, target, capture.settings(), log).exitCode(), cellDir);
  }

  MatrixRun(Path dir, CellAudit audit, Map<String, Object> workload, PrintStream out) {
    this.dir = dir;
    this.audit = audit;
    this.workload = workload;
    this.out = out;
  }

  /** Every JVM × option set × level; exit 0, 1 (a cell failed), 130 (interrupted). */
  int grid(List<MatrixCommand.Jvm> jvms, List<MatrixCommand.OptSet> sets, List<Integer> levels) throws IOException {
    List<Planned> plan = new ArrayList<>();
    for (MatrixCommand.Jvm j : jvms) {
      for (MatrixCommand.OptSet s : sets) {
        for (int users : levels) {
          plan.add(jvmCell(pending(j, s, users, null), jvms, sets));
        }
      }
    }
    return runAll(plan, "crosscheck matrix");
  }

  /**
   * The cells a study planned, in order, each audited by its own {@link CellRun}; matrix.json gains
   * the study's section. Exit 0, 1 (a cell failed), 130 (interrupted).
   */
  int planned(List<Planned> plan, Study studyOfCells) throws IOException {
    this.study = studyOfCells;
    return runAll(plan, "crosscheck study");
  }

  /** Runs {@code plan}'s cells in order; exit 0, 1 (a cell failed), 130 (interrupted). */
  private int runAll(List<Planned> plan, String command) throws IOException {
    plan.forEach(p -> cells.add(p.cell()));
    resume();
    Files.createDirectories(dir);
    out.println(command + ": " + cells.size() + " cells in " + dir);
    writeJson();
    long startNanos = System.nanoTime();
    try (ShutdownInterrupt shutdown = ShutdownInterrupt.install("crosscheck-matrix-shutdown",
        INTERRUPT_GRACE_SECONDS)) {
      for (int k = 0; k < plan.size(); k++) {
        if (!runCell(k, plan.size(), plan.get(k))) {
          return finish(startNanos, 130);
        }
      }
      return finish(startNanos, cells.stream().allMatch(c -> MatrixCell.COMPLETED.equals(c.status())) ? 0 : 1);
    }
  }

  /** A JVM-matrix cell: its JVM, option set and users, audited by this matrix's {@link CellAudit}. */
  private Planned jvmCell(MatrixCell cell, List<MatrixCommand.Jvm> jvms, List<MatrixCommand.OptSet> sets) {
    MatrixCommand.Jvm jvm = jvms.stream().filter(j -> j.home().toString().equals(cell.jvmHome())).findFirst()
        .orElseThrow();
    MatrixCommand.OptSet set = sets.stream().filter(s -> s.label().equals(cell.optsLabel())).findFirst()
        .orElseThrow();
    return new Planned(cell, jvm.shortLabel() + " " + cell.optsLabel() + " " + cell.users() + " users",
        (cellDir, log) -> audit.audit(jvm, set, cell.users(), cellDir, log));
  }

  /** The scalability search per JVM × option set; exit 0, or 130 (interrupted). */
  int search(List<MatrixCommand.Jvm> jvms, List<MatrixCommand.OptSet> sets, double boundMicros, int startUsers,
      int maxUsers, int maxSteps) throws IOException {
    this.boundMicros = boundMicros;
    resume();
    Files.createDirectories(dir);
    int series = jvms.size() * sets.size();
    out.println(String.format(Locale.ROOT, "crosscheck matrix: scalability search in %s: %d series, at most %d"
        + " steps each, bound %.1f us", dir, series, maxSteps, boundMicros));
    writeJson();
    long startNanos = System.nanoTime();
    int cores = Runtime.getRuntime().availableProcessors();
    try (ShutdownInterrupt shutdown = ShutdownInterrupt.install("crosscheck-matrix-shutdown",
        INTERRUPT_GRACE_SECONDS)) {
      for (MatrixCommand.Jvm j : jvms) {
        for (MatrixCommand.OptSet s : sets) {
          MatrixSearch search = new MatrixSearch(startUsers, maxUsers, maxSteps, boundMicros, cores);
          for (int users = search.next(); users > 0; users = search.next()) {
            cells.add(pending(j, s, users, search.stepsTaken() + 1));
            int k = cells.size() - 1;
            // "of n": the most cells still possible (this series' remaining steps, every later series' cap)
            int seriesLeft = series - searches.size() - 1;
            int total = k + 1 + (maxSteps - search.stepsTaken() - 1) + seriesLeft * maxSteps;
            if (!runCell(k, total, jvmCell(cells.get(k), jvms, sets))) {
              searches.add(searchEntry(j, s, search, "interrupted"));
              return finish(startNanos, 130);
            }
            String failure = search.failure(cells.get(k));
            search.record(users, failure);
            if (failure != null) {
              cells.set(k, cells.get(k).withReason(failure));
            }
            writeJson();
          }
          searches.add(searchEntry(j, s, search, null));
          out.println("crosscheck matrix: search " + j.shortLabel() + " " + s.label() + ": largest users that held: "
              + (search.largestHeld() == null ? "none" : search.largestHeld()) + "; " + search.reason());
          writeJson();
        }
      }
      return finish(startNanos, 0);
    }
  }

  private Map<String, Object> searchEntry(MatrixCommand.Jvm j, MatrixCommand.OptSet s, MatrixSearch search,
      String stopped) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jvmLabel", j.label());
    m.put("jvmHome", j.home().toString());
    m.put("optsLabel", s.label());
    m.put("bound", Map.of("maxAbsErrorMicros", boundMicros));
    m.put("steps", search.stepsTaken());
    m.put("largestUsersHeld", search.largestHeld());
    m.put("failedAtUsers", search.smallestFailed());
    m.put("reason", stopped != null ? stopped : search.reason());
    return m;
  }

  private MatrixCell pending(MatrixCommand.Jvm j, MatrixCommand.OptSet s, int users, Integer step) {
    List<String> opts = new ArrayList<>(s.jvmOpts());
    opts.addAll(s.engineOpts());
    return MatrixCell.pending(j.shortLabel() + "-" + s.slug() + "-u" + users, j.label(), j.home().toString(),
        s.label(), opts, users, step);
  }

  /** Runs (or resumes) cell {@code k}; false when interrupted. */
  private boolean runCell(int k, int total, Planned job) throws IOException {
    MatrixCell cell = cells.get(k);
    Path cellDir = dir.resolve(cell.id());
    String what = job.what();
    Path found = runDirOf(cellDir);
    if (found != null && MatrixCell.done(found)) {
      cells.set(k, cell.withFigures(dir, dir.relativize(found).toString(), MatrixCell.statusOf(found), null));
      out.println("crosscheck matrix: cell " + (k + 1) + " of " + total + " skipped: already done (" + what + ")");
      writeJson();
      return true;
    }
    if (Files.exists(cellDir)) {
      deleteTree(cellDir); // an unfinished cell of an earlier invocation: run it again from scratch
    }
    Files.createDirectories(cellDir);
    String eta = ran == 0 ? "--:--" : minutesSeconds(ranNanos / ran * (total - k) / 1_000_000_000L);
    out.println("crosscheck matrix: cell " + (k + 1) + " of " + total + " (" + what + "), ETA " + eta);
    long t0 = System.nanoTime();
    int exit;
    Path runDir = cellDir;
    String interruptedWhy = null;
    try (PrintStream log = new PrintStream(new FileOutputStream(cellDir.resolve("audit.out").toFile()), true,
        StandardCharsets.UTF_8)) {
      Audited a = job.run().run(cellDir, log);
      exit = a.exitCode();
      runDir = a.runDir();
    } catch (InterruptedIOException e) {
      exit = 130;
      interruptedWhy = e.getMessage();
    }
    if (Thread.interrupted()) {
      exit = 130;
    }
    if (runDir.equals(cellDir) && !Files.exists(cellDir.resolve("run.json"))) {
      Path nested = runDirOf(cellDir);
      runDir = nested != null ? nested : cellDir;
    }
    ranNanos += System.nanoTime() - t0;
    ran++;
    String status = switch (exit) {
      case 0 -> MatrixCell.COMPLETED;
      case 3 -> MatrixCell.BELOW_FLOOR;
      case 130 -> MatrixCell.INTERRUPTED;
      default -> MatrixCell.FAILED;
    };
    String why = switch (status) {
      case MatrixCell.INTERRUPTED -> "interrupted (Ctrl-C)" + (interruptedWhy == null ? "" : ": " + interruptedWhy);
      case MatrixCell.BELOW_FLOOR -> "below the matching floor: see " + dir.relativize(runDir)
          + "/findings.json coverage";
      case MatrixCell.FAILED -> "the audit exited " + exit + ": see " + cell.id() + "/audit.out and "
          + dir.relativize(runDir) + " (child.out, target.err)";
      default -> null;
    };
    MatrixCell done = cell.withFigures(dir, dir.relativize(runDir).toString(), status, why);
    cells.set(k, done);
    writeJson();
    out.println("crosscheck matrix:   " + summary(done));
    return exit != 130;
  }

  private static String summary(MatrixCell c) {
    // the connection verdict in the findings' own words (connections, sessions, matched records), not a bare yes/no
    String sharing = c.sharing() == null ? "not judged" : c.sharing() ? "yes" : "no";
    return String.format(Locale.ROOT, "%s: %s, matched %s %%, abs error %s us, CPU mean %s cores, sharing %s%s",
        c.id(), c.status(), fmt(c.matchedPercent(), 1), fmt(c.absoluteErrorMicros(), 1),
        fmt(c.generatorCpuCoresMean(), 2), c.sharingVerdict() == null ? sharing : sharing + " (" + c.sharingVerdict()
            + ")", c.reason() == null ? "" : " (" + c.reason() + ")");
  }

  private int finish(long startNanos, int exit) throws IOException {
    writeJson();
    out.println();
    out.print(study != null ? study.text(allCells()) : MatrixTable.format(allCells()));
    for (Map<String, Object> s : searches) {
      out.println(String.format(Locale.ROOT, "search %s %s: largest users held %s, failed at %s: %s",
          s.get("jvmLabel"), s.get("optsLabel"), s.get("largestUsersHeld"), s.get("failedAtUsers"), s.get("reason")));
    }
    out.println("crosscheck matrix: " + cells.size() + " cells (" + ran + " run now) in "
        + minutesSeconds((System.nanoTime() - startNanos) / 1_000_000_000L) + "; matrix.json in "
        + dir.resolve(MATRIX_JSON) + (exit == 130 ? "; interrupted: run again with --out " + dir + " to resume" : ""));
    try {
      out.println("crosscheck matrix: report in " + HtmlReport.writeMatrix(dir));
    } catch (IOException | RuntimeException e) {
      // a failure costs the page only: matrix.json and every cell stand
      out.println("crosscheck matrix: " + dir.resolve("report.html") + ": not written (" + e.getMessage()
          + "); rebuild it with 'crosscheck report " + dir + "'");
    }
    return exit;
  }

  /** matrix.json, atomically. */
  private void writeJson() throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("schema", SCHEMA);
    m.put("createdEpochMillis", createdEpochMillis);
    m.put("workload", workload);
    Map<String, Object> bound = new LinkedHashMap<>();
    bound.put("maxAbsErrorMicros", boundMicros);
    m.put("bound", bound);
    m.put("cells", allCells());
    m.put("search", searches);
    if (study != null) {
      m.put("study", study.section(allCells()));
    }
    JsonFiles.writeAtomically(dir.resolve(MATRIX_JSON), m);
  }

  /** This invocation's cells, then the earlier ones it does not plan (as matrix.json held them). */
  private List<MatrixCell> allCells() {
    List<MatrixCell> all = new ArrayList<>(cells);
    for (MatrixCell c : earlier) {
      if (cells.stream().noneMatch(n -> n.id().equals(c.id()))) {
        all.add(c);
      }
    }
    return all;
  }

  /**
   * Reads an existing matrix.json before anything runs: refuses another workload ({@link
   * MatrixResume#problems}, which the commands check first with their own message), keeps its
   * creation time and the cells it ran.
   */
  private void resume() throws IOException {
    MatrixResume.Earlier found = MatrixResume.read(dir);
    if (found == null) {
      return;
    }
    List<io.crosscheck.model.spec.Problem> problems = MatrixResume.problems(dir, found, workload);
    if (!problems.isEmpty()) {
      throw new IOException(problems.get(problems.size() - 1).message());
    }
    createdEpochMillis = found.createdEpochMillis();
    earlier.addAll(found.ranCells());
  }

  /**
   * The run directory of a cell: the cell's directory itself (crosscheck's engines write into it), or
   * the one directory inside it holding run.json (an audited generator's run is created there); null
   * when there is none yet.
   */
  static Path runDirOf(Path cellDir) throws IOException {
    if (Files.exists(cellDir.resolve("run.json"))) {
      return cellDir;
    }
    if (!Files.isDirectory(cellDir)) {
      return null;
    }
    try (var s = Files.list(cellDir)) {
      return s.filter(d -> Files.exists(d.resolve("run.json"))).sorted().reduce((x, y) -> y).orElse(null);
    }
  }

  static String minutesSeconds(long seconds) {
    return String.format(Locale.ROOT, "%02d:%02d", seconds / 60, seconds % 60);
  }

  static String fmt(Double v, int decimals) {
    return v == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  private static void deleteTree(Path root) throws IOException {
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        Files.delete(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
