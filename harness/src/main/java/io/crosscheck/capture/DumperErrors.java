package io.crosscheck.capture;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pcap4j.core.PcapDumper;

/**
 * Whether libpcap's capture file had a write error. {@code pcap_dump} writes through a stdio
 * {@code FILE} and never looks at the result; a buffer that filled on a full disk is dropped with
 * only the stream's error flag set, and a later {@code pcap_dump_flush} of the (now empty) buffer
 * succeeds. So the flag itself is asked ({@code ferror} on the dumper, which is the {@code FILE}).
 */
final class DumperErrors {
  private interface LibC extends Library {
    int ferror(Pointer stream);
  }

  private static final LibC LIBC = Native.load("c", LibC.class);
  private static final Method FILE_OF;

  static {
    try {
      FILE_OF = PcapDumper.class.getDeclaredMethod("getDumper"); // pcap4j 1.8.2: the pcap_dumper_t*, a FILE*
      FILE_OF.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private DumperErrors() {}

  /** The dumper's stream has its error flag set (a write failed since it was opened). */
  static boolean seen(PcapDumper dumper) {
    try {
      return LIBC.ferror((Pointer) FILE_OF.invoke(dumper)) != 0;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot ask libpcap's capture file for write errors", e);
    }
  }

  /** What a write error most likely was, for the message. */
  static String why(Path file) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      long free = Files.getFileStore(Files.isDirectory(dir) ? dir : file).getUsableSpace();
      return free == 0 ? "the disk is full (0 bytes free)" : "a write error (" + free + " bytes free on its file system)";
    } catch (IOException | RuntimeException e) {
      return "a write error";
    }
  }
}
