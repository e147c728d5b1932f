package io.crosscheck.record;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes the JSON files of a run directory: pretty-printed, atomically (a temporary file beside
 * the target, then a move), so a reader never sees half a file. Uses {@link FileOutputStream},
 * which, unlike NIO channels, is not closed by a pending thread interrupt: the run directory must
 * still be finished after Ctrl-C interrupted the run thread. Thread-safe.
 */
final class JsonFiles {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonFiles() {}

  static ObjectMapper mapper() {
    return MAPPER;
  }

  static void writeAtomically(Path file, Object value) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    byte[] json = MAPPER.writeValueAsBytes(value);
    try (FileOutputStream out = new FileOutputStream(tmp.toFile())) {
      out.write(json);
      out.write('\n');
      out.getFD().sync(); // the rename below must not publish an empty file after a crash
    }
    try {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
