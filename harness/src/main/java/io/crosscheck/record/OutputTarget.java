package io.crosscheck.record;

import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where an output file named by a user really goes, decided before it is written ({@link
 * JsonFiles#writeAtomically}, {@link JsonFiles#replace}): an output never replaces what is not a
 * regular file. Stateless.
 *
 * <ul>
 *   <li>absent, or a regular file: written atomically beside itself ({@code NAME.tmp}, then a rename);
 *   <li>a symbolic link: followed (a chain too, a dangling one to the path it names); the file it
 *       leads to is written atomically beside itself, the link stays a link;
 *   <li>a FIFO or a character device ({@code /dev/null}, {@code /dev/stdout}, a pipe such as bash's
 *       {@code >(...)}): written through, in place, as the shell's {@code >} would; not atomic, and
 *       the node stays what it was;
 *   <li>a directory, a socket or a block device: refused ({@link Refused}), nothing written.
 * </ul>
 */
public final class OutputTarget {
  private static final int S_IFMT = 0170000;
  private static final int S_IFIFO = 0010000;
  private static final int S_IFCHR = 0020000;
  private static final int S_IFSOCK = 0140000;
  private static final int S_IFBLK = 0060000;
  private static final int MAX_LINKS = 40; // as the kernel's own limit on a path's symbolic links

  /**
   * The decision for one output.
   *
   * @param path the file to write: the output itself, or where its symbolic links lead
   * @param writeThrough true for a FIFO or a character device: opened and written in place
   * @param regular true when {@code path} exists and is a regular file
   */
  public record Resolved(Path path, boolean writeThrough, boolean regular) {}

  /** An output that exists and is not a file to write: a directory, a socket or a block device. */
  public static final class Refused extends FileSystemException {
    private static final long serialVersionUID = 1L;

    Refused(Path file, String reason) {
      super(Printable.escape(file.toString()), null, reason);
    }
  }

  private OutputTarget() {}

  /**
   * What writing {@code file} means.
   *
   * @throws Refused a directory, a socket or a block device (directly or behind a symbolic link)
   */
  public static Resolved resolve(Path file) throws IOException {
    BasicFileAttributes followed;
    try {
      followed = Files.readAttributes(file, BasicFileAttributes.class); // follows links (/dev/fd/N too)
    } catch (NoSuchFileException e) {
      return new Resolved(Files.isSymbolicLink(file) ? danglingEnd(file) : file, false, false);
    }
    if (followed.isDirectory()) {
      throw new Refused(file, "a directory (expected a file to write)");
    }
    if (followed.isOther()) {
      int type = (Integer) Files.getAttribute(file, "unix:mode") & S_IFMT;
      if (type == S_IFIFO || type == S_IFCHR) {
        return new Resolved(file, true, false);
      }
      throw new Refused(file, (type == S_IFSOCK ? "a socket" : type == S_IFBLK ? "a block device"
          : "not a regular file") + " (expected a regular file, a FIFO or a character device such as /dev/null)");
    }
    boolean link = Files.isSymbolicLink(file);
    return new Resolved(link ? file.toRealPath() : file, false, true);
  }

  /** {@link #resolve}'s refusal as one line, or null when {@code file} can be written: for usage checks. */
  public static String refusal(Path file) {
    try {
      resolve(file);
      return null;
    } catch (Refused e) {
      return e.getMessage();
    } catch (IOException e) {
      return null; // not a refusal: the write itself will say what is wrong
    }
  }

  /** The path a chain of links ends at when its last target does not exist. */
  private static Path danglingEnd(Path file) throws IOException {
    Path p = file;
    for (int hops = 0; Files.isSymbolicLink(p); hops++) {
      if (hops == MAX_LINKS) {
        throw new FileSystemException(Printable.escape(file.toString()), null, "too many levels of symbolic links");
      }
      Path target = Files.readSymbolicLink(p);
      Path parent = p.toAbsolutePath().getParent();
      p = parent == null ? target : parent.resolve(target);
    }
    if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return resolve(p).path(); // created between the two looks: decide on what is there now
    }
    return p;
  }
}
