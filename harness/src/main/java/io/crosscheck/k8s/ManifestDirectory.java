package io.crosscheck.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Writes the manifests into their directory all at once or not at all: every file goes into a
 * hidden sibling {@code .NAME.writing}, which is then renamed to {@code NAME} in one step (the
 * directory must not exist yet, or be empty). A failure part-way removes the sibling and leaves no
 * {@code NAME}. Files are UTF-8. Not thread-safe for one directory.
 */
public final class ManifestDirectory {
  private ManifestDirectory() {}

  /** Null when {@code out} can receive the manifests, else what is wrong with it, in words. */
  public static String problem(Path out) {
    if (!Files.exists(out)) {
      return null;
    }
    if (!Files.isDirectory(out)) {
      return "a new or empty directory (this is a file)";
    }
    try (DirectoryStream<Path> in = Files.newDirectoryStream(out)) {
      return in.iterator().hasNext() ? "a new or empty directory (this one holds files: remove it first)" : null;
    } catch (IOException e) {
      return "a directory that can be read (" + e.getMessage() + ")";
    }
  }

  /**
   * Writes {@code files} (name to content) as the directory {@code out}.
   *
   * @throws IOException when {@code out} has files, or a write or the rename failed (nothing is left)
   */
  public static void write(Path out, Map<String, String> files) throws IOException {
    Path abs = out.toAbsolutePath().normalize();
    String problem = problem(abs);
    if (problem != null) {
      throw new IOException(out + ": expected " + problem);
    }
    Path parent = abs.getParent();
    Files.createDirectories(parent);
    Path writing = parent.resolve("." + abs.getFileName() + ".writing");
    deleteFlat(writing);
    Files.createDirectory(writing);
    try {
      for (Map.Entry<String, String> f : files.entrySet()) {
        Files.writeString(writing.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
      }
      Files.deleteIfExists(abs); // empty (checked above)
      try {
        Files.move(writing, abs, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(writing, abs);
      }
    } catch (IOException | RuntimeException e) {
      deleteFlat(writing);
      throw e;
    }
  }

  /** Removes {@code dir} and the files directly in it (a leftover of an interrupted write). */
  private static void deleteFlat(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> in = Files.newDirectoryStream(dir)) {
      for (Path p : in) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }
}
