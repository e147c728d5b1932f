package io.crosscheck.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job file's one writer and one reader, and job files as written before the typed reader. */
class ChildRunMainJobTest {
  @TempDir Path dir;

  @Test
  void aJobFileOfTodaysFormatReadsBackAsWritten() throws Exception {
    Path job = dir.resolve("job.json");
    // as ChildRunMain.writeJob wrote it before the reader was typed (Jackson's default pretty printer)
    Files.writeString(job, "{\n  \"mainClass\" : \"io.crosscheck.cli.Main\",\n  \"args\" : [ \"run\", \"--target\","
        + " \"http://127.0.0.1:8080\", \"a \\\"quoted\\\" arg\" ],\n  \"parentPid\" : 4321\n}");
    assertEquals(new ChildRunMain.Job("io.crosscheck.cli.Main",
        List.of("run", "--target", "http://127.0.0.1:8080", "a \"quoted\" arg"), 4321), ChildRunMain.Job.read(job));
    String before = Files.readString(job);
    ChildRunMain.Job.read(job).write(job);
    assertEquals(before, Files.readString(job), "the writer writes the same bytes");
  }

  @Test
  void argsAndParentPidAreOptionalAndUnknownMembersIgnored() throws Exception {
    Path job = dir.resolve("job.json");
    Files.writeString(job, "{\"mainClass\": \"x.Main\", \"comment\": \"kept by a user\"}");
    assertEquals(new ChildRunMain.Job("x.Main", List.of(), 0), ChildRunMain.Job.read(job));
  }

  @Test
  void aJobWithoutAMainClassOrWithArgsThatAreNoArraySaysWhatIsExpected() throws Exception {
    Path job = dir.resolve("job.json");
    for (String text : List.of("{\"args\": []}", "{\"mainClass\": \"x.Main\", \"args\": {\"a\": 1}}", "[]", "")) {
      Files.writeString(job, text);
      IOException e = assertThrows(IOException.class, () -> ChildRunMain.Job.read(job), text);
      assertTrue(e.getMessage().startsWith("expected {\"mainClass\": \"...\", \"args\": [\"...\"]}"), e.getMessage());
    }
  }
}
