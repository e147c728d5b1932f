package io.crosscheck.matrix;

import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.run.ShutdownInterrupt;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.MatrixJson;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.StudySection;
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
import java.util.List;
import java.util.Locale;

/**
 * Runs the cells of a {@code crosscheck matrix} one after another, each a {@code crosscheck run}
 * in a fresh child JVM under the live capture of this process, then compared ({@link
 * ChildAudit}); keeps matrix.json ({@link MatrixJson},  (rewritten atomically after every cell), the progress
 * line with its ETA (the mean wall time of the cells run so far in this invocation), resumption
 * (a cell whose run directory holds completed findings is read, not re-run) and Ctrl-C (the cell
 * under way ends as interrupted, exit 130). Not thread-safe: one matrix per instance.
 */
public final class MatrixRun {
  /** How long Ctrl-C waits for the cell under way to stop its child and finish its directory. */
  private static final long INTERRUPT_GRACE_SECONDS = 45;

  private final Path dir;
  private final CellAudit audit;
  private final MatrixJson.Workload workload;
  private final PrintStream out;
  private long createdEpochMillis = System.currentTimeMillis();
  private final List<MatrixCell> cells = new ArrayList<>();
  /** Cells an earlier invocation ran in this directory that this one does not plan: kept, never dropped. */
  private final List<MatrixCell> earlier = new ArrayList<>();
  private final List<MatrixJson.Search> searches = new ArrayList<>();
  private Double boundMicros;
  private Study study;
  private long ranNanos;
  private int ran;

  /**
   * Audits one cell in its directory {@code cellDir} (created, empty), its console output to {@code
   * log}: returns the audit's exit code (0, 1, 2, 3, 130) and the run directory it wrote.
   */
  @FunctionalInterface
  public interface CellAudit {
    Audited audit(MatrixJvm jvm, OptionSet set, int users, Path cellDir, PrintStream log) throws IOException;
  }

  /** A cell's audit: its exit code and its run directory. */
  public record Audited(int exitCode, Path runDir) {}

  /** Audits one cell of a study into its directory {@code cellDir}, its console output to {@code log}. */
  @FunctionalInterface
  public interface CellRun {
    Audited run(Path cellDir, PrintStream log) throws IOException;
  }

  /**
   * A cell a study planned ({@code crosscheck study}): its pending record (with its dimensions), the
   * words of its progress line, and how it is audited.
   */
  public record Planned(MatrixCell cell, String what, CellRun run) {}

  /**
   * What a study adds to the matrix: a section of matrix.json computed from the cells so far
   * ({@code study}, rewritten with them), and the text printed at the end instead of the JVM table.
   */
  public interface Study {
    StudySection section(List<MatrixCell> cells);

    String text(List<MatrixCell> cells);
  }

  /**
   * crosscheck's own engine: {@code crosscheck run CHILD_ARGS --users N} in a child JVM of the cell's
   * JVM with its option set, audited by {@code child} against {@code target}; the cell's directory is
   * its run directory.
   */
  public static CellAudit ownEngine(Target target, ChildAudit child, List<String> childArgs) {
    return (jvm, set, users, cellDir, log) -> {
      List<String> args = new ArrayList<>(childArgs);
      args.addAll(set.engineOpts());
      args.addAll(List.of("--users", String.valueOf(users)));
      return child.audit(target, jvm.home(), set.jvmOpts(), args, cellDir, log);
    };
  }

  /**
   * A matrix in {@code dir} of cells audited by {@code audit} (null for a study, whose planned cells
   * say how each is audited), all running {@code workload}; progress and the table to {@code out}.
   */
  public MatrixRun(Path dir, CellAudit audit, MatrixJson.Workload workload, PrintStream out) {
    this.dir = dir;
    this.audit = audit;
    this.workload = workload;
    this.out = out;
  }

  /** Runs {@code request}: its grid, or its search when it has one; exit 0, 1 (a cell failed), 130 (interrupted). */
  public int run(MatrixRequest request) throws IOException {
    MatrixRequest.Search s = request.search();
    return s == null ? grid(request.jvms(), request.sets(), request.levels())
        : search(request.jvms(), request.sets(), s.boundMicros(), s.startUsers(), s.maxUsers(), s.maxSteps());
  }

  /** Every JVM × option set × level; exit 0, 1 (a cell failed), 130 (interrupted). */
  int grid(List<MatrixJvm> jvms, List<OptionSet> sets, List<Integer> levels) throws IOException {
    List<Planned> plan = new ArrayList<>();
    for (MatrixJvm j : jvms) {
      for (OptionSet s : sets) {
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
  public int planned(List<Planned> plan, Study studyOfCells) throws IOException {
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
  private Planned jvmCell(MatrixCell cell, List<MatrixJvm> jvms, List<OptionSet> sets) {
    MatrixJvm jvm = jvms.stream().filter(j -> j.home().toString().equals(cell.jvmHome())).findFirst()
        .orElseThrow();
    OptionSet set = sets.stream().filter(s -> s.label().equals(cell.optsLabel())).findFirst()
        .orElseThrow();
    return new Planned(cell, jvm.shortLabel() + " " + cell.optsLabel() + " " + cell.users() + " users",
        (cellDir, log) -> audit.audit(jvm, set, cell.users(), cellDir, log));
  }

  /** The scalability search per JVM × option set; exit 0, or 130 (interrupted). */
  int search(List<MatrixJvm> jvms, List<OptionSet> sets, double boundMicros, int startUsers,
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
      for (MatrixJvm j : jvms) {
        for (OptionSet s : sets) {
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

  private MatrixJson.Search searchEntry(MatrixJvm j, OptionSet s, MatrixSearch search, String stopped) {
    return new MatrixJson.Search(j.label(), j.home().toString(), s.label(), new MatrixJson.Bound(boundMicros),
        search.stepsTaken(), search.largestHeld(), search.smallestFailed(),
        stopped != null ? stopped : search.reason());
  }

  private MatrixCell pending(MatrixJvm j, OptionSet s, int users, Integer step) {
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
    if (found != null && CellFigures.done(found)) {
      cells.set(k, CellFigures.withFigures(cell, dir, dir.relativize(found).toString(), CellFigures.statusOf(found),
          null));
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
    if (runDir.equals(cellDir) && !Files.exists(cellDir.resolve(RunFiles.RUN_JSON))) {
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
    MatrixCell done = CellFigures.withFigures(cell, dir, dir.relativize(runDir).toString(), status, why);
    cells.set(k, done);
    writeJson();
    out.println("crosscheck matrix:   " + summary(done));
    return exit != 130;
  }

  private static String summary(MatrixCell c) {
    // the connection verdict with what it rests on (its kind, connections and sessions), not a bare yes/no
    String sharing = c.sharing() == null ? "not judged" : c.sharing() ? "yes" : "no";
    String words = FindingsSentences.cellSharing(c.sharingKind(), c.connectionsWithRequests(), c.sessions());
    return String.format(Locale.ROOT, "%s: %s, matched %s %%, abs error %s us, CPU mean %s cores, sharing %s%s",
        c.id(), c.status(), fmt(c.matchedPercent(), 1), fmt(c.absoluteErrorMicros(), 1),
        fmt(c.generatorCpuCoresMean(), 2), words == null ? sharing : sharing + " (" + words + ")",
        c.reason() == null ? "" : " (" + c.reason() + ")");
  }

  private int finish(long startNanos, int exit) throws IOException {
    writeJson();
    out.println();
    out.print(study != null ? study.text(allCells()) : MatrixTable.format(allCells()));
    for (MatrixJson.Search s : searches) {
      out.println(String.format(Locale.ROOT, "search %s %s: largest users held %s, failed at %s: %s",
          s.jvmLabel(), s.optsLabel(), s.largestUsersHeld(), s.failedAtUsers(), s.reason()));
    }
    out.println("crosscheck matrix: " + cells.size() + " cells (" + ran + " run now) in "
        + minutesSeconds((System.nanoTime() - startNanos) / 1_000_000_000L) + "; matrix.json in "
        + dir.resolve(MatrixJson.FILE) + (exit == 130 ? "; interrupted: run again with --out " + dir + " to resume" : ""));
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
    List<MatrixCell> all = allCells();
    MatrixJson.write(dir.resolve(MatrixJson.FILE), MatrixJson.of(createdEpochMillis, workload, boundMicros, all,
        searches, study == null ? null : study.section(all)));
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
    List<Problem> problems = MatrixResume.problems(dir, found, workload);
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
  public static Path runDirOf(Path cellDir) throws IOException {
    if (Files.exists(cellDir.resolve(RunFiles.RUN_JSON))) {
      return cellDir;
    }
    if (!Files.isDirectory(cellDir)) {
      return null;
    }
    try (var s = Files.list(cellDir)) {
      return s.filter(d -> Files.exists(d.resolve(RunFiles.RUN_JSON))).sorted().reduce((x, y) -> y).orElse(null);
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
