package io.crosscheck.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputLinesTest {
  @TempDir Path dir;

  private List<String> read(Path file) throws InputFileException {
    return InputLines.readAll(file, file.getFileName().toString(), StandardCharsets.UTF_8,
        InputLimits.MAX_FILE_BYTES, "a test file");
  }

  @Test
  void crlfCrAndLfEndLinesAndAreNotPartOfThem() throws Exception {
    Path f = dir.resolve("mixed.txt");
    Files.writeString(f, "a think=1\r\nb\rc\n\r\nd");
    assertEquals(List.of("a think=1", "b", "c", "", "d"), read(f));
    Files.writeString(f, "x\r\n");
    assertEquals(List.of("x"), read(f));
  }

  @Test
  void devicesFifosAndDirectoriesAreRefusedBeforeTheyAreOpened() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/zero")));
    InputFileException zero = assertTimeoutPreemptively(Duration.ofSeconds(2),
        () -> assertThrows(InputFileException.class, () -> read(Path.of("/dev/zero"))));
    assertEquals("zero", zero.where());
    assertTrue(zero.getMessage().startsWith("zero: a character device, not a regular file"), zero.getMessage());
    Path fifo = dir.resolve("fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mkfifo.waitFor(5, TimeUnit.SECONDS) && mkfifo.exitValue() == 0);
    InputFileException pipe = assertTimeoutPreemptively(Duration.ofSeconds(2),
        () -> assertThrows(InputFileException.class, () -> read(fifo)), "a FIFO without a writer must not hang");
    assertTrue(pipe.getMessage().contains("a FIFO (named pipe), not a regular file"), pipe.getMessage());
    InputFileException directory = assertThrows(InputFileException.class, () -> read(dir));
    assertTrue(directory.getMessage().contains("a directory, not a regular file"), directory.getMessage());
  }

  @Test
  void aLineLongerThanTheLimitIsRefusedAtItsLineWithoutReadingTheRest() throws Exception {
    Path f = dir.resolve("long.txt");
    Files.writeString(f, "/ok\n/" + "a".repeat(InputLimits.MAX_LINE_BYTES) + "\n/never\n");
    InputFileException e = assertThrows(InputFileException.class, () -> read(f));
    assertEquals("long.txt:2", e.where());
    assertTrue(e.getMessage().contains("a line longer than the limit of 65,536 bytes"), e.getMessage());
    Files.writeString(f, "/" + "a".repeat(InputLimits.MAX_LINE_BYTES - 1) + "\n");
    assertEquals(1, read(f).size(), "a line of exactly the limit is read");
  }

  @Test
  void aFileLargerThanTheLimitIsRefusedFromItsSize() throws Exception {
    Path f = dir.resolve("big.txt");
    try (var ch = java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.CREATE_NEW,
        java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(new byte[] {'x'}), InputLimits.MAX_FILE_BYTES); // sparse
    }
    InputFileException e = assertThrows(InputFileException.class, () -> read(f));
    assertTrue(e.getMessage().startsWith("big.txt: 268,435,457 bytes, more than the limit of 268,435,456"),
        e.getMessage());
  }

  @Test
  void badUtf8IsRefusedAtItsLine() throws Exception {
    Path f = dir.resolve("latin1.txt");
    Files.write(f, new byte[] {'/', 'a', '\n', '/', (byte) 0xe9, '\n'});
    InputFileException e = assertThrows(InputFileException.class, () -> read(f));
    assertEquals("latin1.txt:2", e.where());
  }
}
