package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The global error handler: one line, the documented exit code, the stack trace only with --debug. */
class CliErrorsTest {
  @CommandLine.Command(name = "thrower")
  static final class Thrower implements Callable<Integer> {
    @CommandLine.Option(names = "--debug") boolean debug;
    @CommandLine.Option(names = "--what") String what = "bug";

    @Override
    public Integer call() throws Exception {
      switch (what) {
        case "exists" -> throw new FileAlreadyExistsException("/dev/null");
        case "full" -> throw new FileSystemException("/mnt/runs/x/run.json.tmp", null, "No space left on device");
        case "long" -> throw new FileSystemException("/runs/" + "a".repeat(300), null, "File name too long");
        default -> throw new IllegalStateException("a bug");
      }
    }
  }

  private static String[] run(String... args) {
    CommandLine cl = new CommandLine(new Thrower());
    cl.setExecutionExceptionHandler(Main::execution);
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), err.toString()};
  }

  @Test
  void anInternalErrorIsOneLineWithoutDebugAndATraceWithIt() {
    String[] plain = run();
    assertEquals("1", plain[0]);
    assertEquals("thrower: internal error: java.lang.IllegalStateException: a bug (--debug prints the stack trace;"
        + " please report it)\n", plain[1].replace("\r", ""));
    String[] debug = run("--debug");
    assertEquals("1", debug[0]);
    assertTrue(debug[1].contains("\tat io.crosscheck.cli.CliErrorsTest$Thrower.call"), debug[1]);
  }

  @Test
  void fileSystemErrorsSayWhereAndWhatToDo() {
    String[] exists = run("--what", "exists");
    assertEquals("2", exists[0], "nothing was started");
    assertEquals("thrower: /dev/null: exists and is not a directory; expected a directory to create run"
        + " directories in (--out DIR)", exists[1].strip());
    String[] full = run("--what", "full");
    assertEquals("1", full[0]);
    assertEquals("thrower: /mnt/runs/x/run.json.tmp: no space left on device; free some space or write to another"
        + " --out", full[1].strip());
    String[] tooLong = run("--what", "long");
    assertEquals("2", tooLong[0]);
    assertTrue(tooLong[1].strip().endsWith(": file name too long (the system allows 255 bytes per name); use a"
        + " shorter --name or --out"), tooLong[1]);
    assertFalse(full[1].contains("\tat ") || exists[1].contains("\tat "));
  }
}
