package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.cli.Main;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * Runs the {@code crosscheck} command line in-process, exactly as a user would type it, and reads
 * what the run left in its run directory.
 */
final class CliRun {
  final int exitCode;
  final String err;
  final Path out;

  private CliRun(int exitCode, String err, Path out) {
    this.exitCode = exitCode;
    this.err = err;
    this.out = out;
  }

  /** Runs {@code crosscheck ARGS --out OUT --progress off} (the last two only for load commands). */
  static CliRun run(Path out, String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    if (!args[0].equals("serve")) {
      all.addAll(List.of("--out", out.toString(), "--progress", "off"));
    }
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(all.toArray(String[]::new));
    return new CliRun(code, err.toString(), out);
  }

  /** The single run directory the command created. */
  Path runDirectory() throws IOException {
    try (Stream<Path> dirs = Files.list(out)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "run directories under " + out + ": " + all);
      return all.get(0);
    }
  }

  /** Every run directory created, in name order. */
  List<Path> runDirectories() throws IOException {
    if (!Files.isDirectory(out)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(out)) {
      return dirs.filter(Files::isDirectory).sorted().toList();
    }
  }

  /**
   * Runs {@code crosscheck audit --target http://127.0.0.1:PORT MORE...}, checks that it completed
   * and that the kernel dropped no packet, and returns findings.json's {@code findings}.
   */
  static JsonNode audit(Path out, int port, String... more) throws IOException {
    List<String> args = new ArrayList<>(List.of("audit", "--target", "http://127.0.0.1:" + port));
    args.addAll(Arrays.asList(more));
    CliRun run = run(out, args.toArray(String[]::new));
    assertEquals(0, run.exitCode, run.err);
    Path dir = run.runDirectory();
    JsonNode capture = new ObjectMapper().readTree(dir.resolve("capture.json").toFile());
    assertEquals(0, capture.get("kernelDropped").asLong(), "the kernel dropped no packet");
    return new ObjectMapper().readTree(dir.resolve("findings.json").toFile()).get("findings");
  }

  List<RequestRecord> records() throws IOException {
    return RequestCsv.read(runDirectory().resolve("requests.csv"));
  }

  JsonNode runJson() throws IOException {
    return new ObjectMapper().readTree(runDirectory().resolve("run.json").toFile());
  }
}
