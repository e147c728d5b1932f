package io.crosscheck.e2e.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * One in-process {@code crosscheck} call for the bad-input tests: exit code, stdout, stderr and the
 * wall time it took, bounded by {@code bound}.
 */
record InputCli(int exitCode, String out, String err, long wallNanos) {
  /** Runs {@code crosscheck ARGS --out OUT --progress off} within {@code bound}. */
  static synchronized InputCli run(Duration bound, Path out, String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--out", out.toString(), "--progress", "off"));
    return assertTimeoutPreemptively(bound, () -> {
      PrintStream realOut = System.out;
      ByteArrayOutputStream stdout = new ByteArrayOutputStream();
      StringWriter err = new StringWriter();
      System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
      long startNanos = System.nanoTime();
      try {
        var commandLine = Main.commandLine();
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(all.toArray(String[]::new));
        return new InputCli(code, stdout.toString(StandardCharsets.UTF_8), err.toString(),
            System.nanoTime() - startNanos);
      } finally {
        System.setOut(realOut);
      }
    }, () -> "crosscheck " + String.join(" ", args) + " did not return within " + bound);
  }

  /** Exit 2, the message holds {@code expected}, no stack trace, no raw control character. */
  InputCli assertRefused(String expected) {
    assertEquals(2, exitCode, err);
    assertTrue(err.contains(expected), "expected \"" + expected + "\" in:\n" + err);
    assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace:\n" + err);
    assertPrintable(err);
    assertPrintable(out);
    return this;
  }

  /** Every character of {@code text} is printable (line feeds apart): no C0, DEL or C1. */
  static void assertPrintable(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = c < 0x20 && c != '\n' || c == 0x7f || c >= 0x80 && c <= 0x9f;
      assertFalse(control, "raw control character U+" + Integer.toHexString(c) + " at " + i + " of:\n"
          + text.substring(Math.max(0, i - 60), Math.min(text.length(), i + 20)));
    }
  }

  /** Lines of stderr. */
  long errLines() {
    return err.lines().count();
  }

  /** No run directory was made under {@code out}: nothing started. */
  static void assertNothingStarted(Path out) throws IOException {
    if (Files.isDirectory(out)) {
      try (Stream<Path> dirs = Files.list(out)) {
        assertEquals(List.of(), dirs.toList(), "no run directory: nothing started");
      }
    }
  }

  /** A valid RUBiS properties file: the real rubis.properties with its two '+' lines mended. */
  static Path rubisProperties(Path dir) throws IOException {
    Path real = Path.of("/work/shared/rubis-data/rubis.properties");
    String text;
    if (Files.isRegularFile(real)) {
      text = Files.readString(real, StandardCharsets.ISO_8859_1).replaceAll("(?m)^\\+", "");
    } else {
      try (InputStream in = io.crosscheck.rubis.RubisWorkload.class.getResourceAsStream("/io/crosscheck/rubis/crosscheck-default.properties")) {
        text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      }
    }
    Path file = dir.resolve("rubis.properties");
    Files.writeString(file, text, StandardCharsets.ISO_8859_1);
    return file;
  }
}
