package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output written by rename ({@link JsonFiles#writeAtomically}, {@link JsonFiles#replace}) on
 * each kind of existing node: a FIFO and /dev/null are written through and stay what they were, a
 * symbolic link stays a link and its target gets the bytes, a directory, a socket are refused and
 * left as they were.
 */
class OutputTargetTest {
  private static final byte[] BYTES = "<testsuite/>\n".getBytes(StandardCharsets.UTF_8);

  @TempDir Path tmp;

  @Test
  void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
    Path fifo = tmp.resolve("out.fifo");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, mk.waitFor());
    CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readAllBytes(fifo);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    JsonFiles.writeAtomically(fifo, BYTES);
    assertArrayEquals(BYTES, read.get(10, TimeUnit.SECONDS), "the reader got the bytes");
    assertEquals(010000, type(fifo), "still a FIFO");
    assertEquals(List.of(fifo), list(), "no .tmp beside it");
  }

  /**
   * A character device node of our own (1,3: the null device) stands in for /dev/null, so that a
   * regression replaces the test's node, never the system's: /dev/null itself is only resolved.
   */
  @Test
  void aCharacterDeviceIsWrittenThroughNeverReplaced() throws Exception {
    Path devNull = tmp.resolve("null");
    Process mk = new ProcessBuilder("mknod", "-m", "666", devNull.toString(), "c", "1", "3").inheritIO().start();
    assertEquals(0, mk.waitFor(), "mknod (needs root, as the tests do)");
    Object inode = Files.getAttribute(devNull, "unix:ino");
    Object rdev = Files.getAttribute(devNull, "unix:rdev");
    JsonFiles.writeAtomically(devNull, BYTES);
    Path tmpFile = Files.write(tmp.resolve("x.tmp"), BYTES);
    JsonFiles.replace(tmpFile, devNull);
    assertEquals(inode, Files.getAttribute(devNull, "unix:ino"), "the device node's inode");
    assertEquals(rdev, Files.getAttribute(devNull, "unix:rdev"), "its device number");
    assertEquals(020000, type(devNull), "still a character device");
    assertFalse(Files.exists(tmpFile), "the temporary file was removed after it was copied through");
    assertEquals(List.of(devNull), list(), "no .tmp beside it");
    OutputTarget.Resolved system = OutputTarget.resolve(Path.of("/dev/null"));
    assertTrue(system.writeThrough() && !system.regular(), "/dev/null is written through: " + system);
  }

  @Test
  void aPlantedTemporaryLinkIsRemovedNotWrittenThrough() throws Exception {
    // NAME.tmp, a link to a file that must not change (as root: /etc/passwd, a block device): the
    // temporary file is created with O_EXCL after the link is removed, never opened through it
    Path victim = Files.writeString(tmp.resolve("victim"), "keep me");
    Path out = tmp.resolve("out.json");
    Files.createSymbolicLink(tmp.resolve("out.json.tmp"), victim);
    JsonFiles.writeAtomically(out, "{}".getBytes(StandardCharsets.UTF_8));
    assertEquals("keep me", Files.readString(victim));
    assertEquals("{}", Files.readString(out));
    assertTrue(Files.isRegularFile(out, LinkOption.NOFOLLOW_LINKS), "out.json is a file of its own");
    assertFalse(Files.exists(tmp.resolve("out.json.tmp"), LinkOption.NOFOLLOW_LINKS), "no NAME.tmp left");
  }

  @Test
  void aSymbolicLinkStaysALinkAndItsTargetIsReplacedAtomically() throws Exception {
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Path target = Files.writeString(elsewhere.resolve("report.xml"), "old");
    Path link = Files.createSymbolicLink(tmp.resolve("report.xml"), target);
    JsonFiles.writeAtomically(link, BYTES);
    assertTrue(Files.isSymbolicLink(link), "still a link");
    assertEquals(target, Files.readSymbolicLink(link));
    assertArrayEquals(BYTES, Files.readAllBytes(target));
    // replace(): the commit of a comparison's outputs
    Path staged = Files.writeString(tmp.resolve("report.xml.tmp"), "new");
    JsonFiles.replace(staged, link);
    assertTrue(Files.isSymbolicLink(link), "still a link after replace");
    assertEquals("new", Files.readString(target));
    assertEquals(List.of(elsewhere, link), list(), "no .tmp left beside the link");
    try (var s = Files.list(elsewhere)) {
      assertEquals(List.of(target), s.toList(), "no .tmp left beside the target");
    }
  }

  @Test
  void aDanglingLinkChainCreatesTheFileAtItsEnd() throws Exception {
    Path end = tmp.resolve("d").resolve("end.json");
    Files.createDirectories(end.getParent());
    Path second = Files.createSymbolicLink(tmp.resolve("second"), Path.of("d/end.json"));
    Path first = Files.createSymbolicLink(tmp.resolve("first"), second.getFileName());
    JsonFiles.writeAtomically(first, BYTES);
    assertTrue(Files.isSymbolicLink(first) && Files.isSymbolicLink(second), "both links stay links");
    assertArrayEquals(BYTES, Files.readAllBytes(end));
  }

  @Test
  void aDirectoryAndASocketAreRefusedAndLeftAsTheyWere() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("out.xml"));
    OutputTarget.Refused d = assertThrows(OutputTarget.Refused.class, () -> JsonFiles.writeAtomically(dir, BYTES));
    assertEquals(dir + ": a directory (expected a file to write)", d.getMessage());
    assertTrue(Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS));
    Path socket = tmp.resolve("s.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      Path staged = Files.write(tmp.resolve("s.tmp"), BYTES);
      OutputTarget.Refused s = assertThrows(OutputTarget.Refused.class, () -> JsonFiles.replace(staged, socket));
      assertTrue(s.getMessage().startsWith(socket + ": a socket (expected a regular file, a FIFO or a character"
          + " device such as /dev/null)"), s.getMessage());
      assertEquals(0140000, type(socket), "still a socket");
      assertEquals(s.getMessage(), OutputTarget.refusal(socket));
    }
    assertEquals(null, OutputTarget.refusal(tmp.resolve("absent.xml")));
  }

  private static int type(Path p) throws IOException {
    return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
  }

  private List<Path> list() throws IOException {
    try (var s = Files.list(tmp)) {
      return s.sorted().toList();
    }
  }
}
