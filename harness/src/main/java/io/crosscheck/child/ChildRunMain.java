package io.crosscheck.child;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The entry point of a child JVM: {@code ChildRunMain <job.json>} runs the main class the job
 * names with the job's arguments, exactly as {@code java <mainClass> <args>} would (same exit
 * code, same behaviour when main returns or throws), plus one thing a direct launch cannot do: if
 * the parent process dies without stopping the child (SIGKILL, a crash), the child exits with
 * {@value #ORPHANED_EXIT_CODE} through its shutdown hooks, so a run does not go on loading a server
 * with nobody to read it.
 *
 * <p>Job file format (JSON, UTF-8): {@code {"mainClass": "io.crosscheck.cli.Main", "args":
 * ["run", "--target", "..."], "parentPid": 1234}}. {@code args} and {@code parentPid} are
 * optional; {@code parentPid} is the process that wrote the job ({@link #writeJob}), so a child
 * orphaned before it even started watching notices. A file rather than the command line: any
 * argument survives unquoted, and the run directory can keep what was run.
 *
 * <p>Exit codes of its own: 2 for a bad job file or main class (message on stderr).
 */
public final class ChildRunMain {
  /** Exit code when the parent died first (as SIGTERM's 128+15). */
  public static final int ORPHANED_EXIT_CODE = 143;

  static final long PARENT_POLL_MILLIS = 500;

  private ChildRunMain() {}

  /**
   * The job file: what the child runs, and the parent it watches.
   *
   * @param mainClass the class whose {@code main} runs
   * @param args its arguments
   * @param parentPid the parent's pid (the child exits when it is gone)
   */
  record Job(String mainClass, List<String> args, long parentPid) {
    /** Writes the job file, pretty-printed. */
    void write(Path jobFile) throws IOException {
      new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(jobFile.toFile(), this);
    }

    /**
     * Reads a job file; a missing {@code args} is none, a missing {@code parentPid} 0 (no parent
     * to watch for).
     *
     * @throws IOException what is wrong with it: not JSON, no {@code mainClass} text, {@code args} not
     *     an array of strings
     */
    static Job read(Path jobFile) throws IOException {
      Job job;
      try {
        job = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .readValue(Files.readString(jobFile), Job.class);
      } catch (JsonProcessingException e) {
        throw new IOException(EXPECTED + " (" + e.getOriginalMessage() + ")", e);
      }
      if (job == null || job.mainClass() == null) {
        throw new IOException(EXPECTED);
      }
      return job.args() == null ? new Job(job.mainClass(), List.of(), job.parentPid()) : job;
    }
  }

  private static final String EXPECTED = "expected {\"mainClass\": \"...\", \"args\": [\"...\"]}";

  /** Writes a job file for {@code mainClass.main(args)}, naming this process as the parent. */
  public static void writeJob(Path jobFile, String mainClass, List<String> args) throws IOException {
    new Job(mainClass, List.copyOf(args), ProcessHandle.current().pid()).write(jobFile);
  }

  public static void main(String[] argv) throws Throwable {
    if (argv.length != 1) {
      System.err.println("usage: ChildRunMain <job.json> (got " + argv.length + " arguments)");
      System.exit(2);
    }
    Path jobFile = Paths.get(argv[0]);
    Job job;
    try {
      job = Job.read(jobFile);
    } catch (IOException e) {
      System.err.println(jobFile + ": bad job file: " + e.getMessage());
      System.exit(2);
      return;
    }
    Method main;
    try {
      main = Class.forName(job.mainClass(), false, ChildRunMain.class.getClassLoader())
          .getMethod("main", String[].class);
      if (!Modifier.isStatic(main.getModifiers())) {
        throw new NoSuchMethodException("main is not static");
      }
    } catch (ReflectiveOperationException | LinkageError e) {
      System.err.println(jobFile + ": mainClass " + job.mainClass() + ": no public static main(String[]) (" + e + ")");
      System.exit(2);
      return;
    }
    watchParent(job.parentPid());
    try {
      main.invoke(null, (Object) job.args().toArray(new String[0]));
    } catch (InvocationTargetException e) {
      throw e.getCause(); // as if main had been launched directly
    }
  }

  /**
   * Polls the parent every {@value #PARENT_POLL_MILLIS} ms on a daemon thread (is it alive, and is
   * it still our parent): {@code ProcessHandle.onExit()} of a process that is not our child cannot
   * be relied on for a parent killed with SIGKILL, and two /proc reads per 500 ms cost nothing
   * measurable in the audited JVM.
   */
  private static void watchParent(long expectedParentPid) {
    ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
    if (expectedParentPid > 0 && (parent == null || parent.pid() != expectedParentPid)) {
      // the parent died between starting us and now: we were reparented before looking
      System.err.println("crosscheck child: parent process " + expectedParentPid + " exited; stopping");
      System.exit(ORPHANED_EXIT_CODE);
    }
    if (parent == null) {
      return;
    }
    Thread watcher = new Thread(() -> {
      try {
        // reparenting also means the parent died (it may linger as a zombie nobody reaps)
        while (parent.isAlive()
            && ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) == parent.pid()) {
          Thread.sleep(PARENT_POLL_MILLIS);
        }
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("crosscheck child: parent process " + parent.pid() + " exited; stopping");
      System.exit(ORPHANED_EXIT_CODE);
    }, "crosscheck-parent-watch");
    watcher.setDaemon(true);
    watcher.start();
  }
}
