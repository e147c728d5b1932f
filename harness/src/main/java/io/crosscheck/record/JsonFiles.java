package io.crosscheck.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.InputLines;
import io.crosscheck.text.Printable;
import java.io.CharConversionException;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes the JSON files of a run directory: pretty-printed, atomically (a temporary file beside
 * the target, then a move), so a reader never sees half a file. Uses {@link FileOutputStream},
 * which, unlike NIO channels, is not closed by a pending thread interrupt: the run directory must
 * still be finished after Ctrl-C interrupted the run thread. Thread-safe.
 *
 * <p>One JSON dialect for every file: a {@code double} that is NaN (a statistic of an empty sample,
 * a figure that could not be measured) is written as {@code null}, and {@code null} is read back as
 * NaN, so the files stay standard JSON; unknown keys are ignored when reading (older and newer
 * files stay readable).
 */
public final class JsonFiles {
  private static final ObjectMapper MAPPER = newMapper();

  private JsonFiles() {}

  /** The shared mapper (thread-safe once configured). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  private static ObjectMapper newMapper() {
    SimpleModule nan = new SimpleModule("crosscheck-nan");
    JsonSerializer<Double> nanAsNull = new JsonSerializer<>() {
      @Override
      public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value == null || value.isNaN()) {
          gen.writeNull();
        } else {
          gen.writeNumber(value);
        }
      }
    };
    nan.addSerializer(Double.class, nanAsNull);
    nan.addSerializer(double.class, nanAsNull);
    nan.addDeserializer(double.class, new NumberDeserializers.DoubleDeserializer(Double.TYPE, Double.NaN));
    return new ObjectMapper()
        .registerModule(nan)
        .enable(SerializationFeature.INDENT_OUTPUT)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
  }

  /**
   * Reads a file that must hold one JSON object.
   *
   * @param whenMissing what a missing file means, after {@code FILE: }
   * @throws IOException naming the file: missing ({@code whenMissing}), not valid JSON (with its line
   *     and column), or not an object ({@link MalformedInputException} for the last two)
   */
  public static JsonNode readObject(Path file, String whenMissing) throws IOException {
    if (Files.notExists(file)) {
      throw new IOException(Printable.escape(file.toString()) + ": " + whenMissing);
    }
    // a FIFO, a device or a huge file is refused before it is opened (InputLimits)
    InputLines.checkRegularFile(file, file.toString(), InputLimits.MAX_JSON_BYTES,
        "a JSON file of a run directory");
    try {
      JsonNode tree = MAPPER.readTree(file.toFile());
      if (tree == null || !tree.isObject()) {
        throw new MalformedInputException(Printable.escape(file.toString()) + ": not a JSON object");
      }
      return tree;
    } catch (NoSuchFileException | FileNotFoundException e) {
      throw new IOException(Printable.escape(file.toString()) + ": " + whenMissing);
    } catch (CharConversionException e) {
      // bytes in no encoding JSON allows (found by RunJsonFuzzTest): Jackson's message names no file
      throw notJson(file, e.getMessage(), " (expected UTF-8 text)", e);
    } catch (JsonProcessingException e) {
      throw notJson(file, e.getOriginalMessage(), e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")", e);
    }
  }

  /**
   * {@code FILE: not valid JSON: REASON} and then {@code after}; Jackson quotes the offending input
   * in its reason: escaped, it cannot drive the terminal.
   */
  private static MalformedInputException notJson(Path file, String reason, String after,
      IOException cause) {
    return new MalformedInputException(Printable.escape(file + ": not valid JSON: " + reason) + after,
        cause);
  }

  /**
   * Reads a file that must hold one JSON object of {@code type}: the one place where a run
   * directory's JSON bytes become a typed record.
   *
   * @param whenMissing what a missing file means, after {@code FILE: }
   * @throws IOException as {@link #readObject}, or a member of the wrong type (naming the file)
   */
  public static <T> T read(Path file, String whenMissing, Class<T> type) throws IOException {
    return convert(file, readObject(file, whenMissing), type);
  }

  /** The object {@code tree} (read from {@code file}) as a {@code type}; a mismatch names the file. */
  public static <T> T convert(Path file, JsonNode tree, Class<T> type) throws IOException {
    try {
      return MAPPER.treeToValue(tree, type);
    } catch (JsonProcessingException e) {
      throw new MalformedInputException(Printable.escape(file + ": " + e.getOriginalMessage()), e);
    }
  }

  /** Writes {@code value} as JSON to {@code file}, atomically. */
  public static void writeAtomically(Path file, Object value) throws IOException {
    byte[] json = MAPPER.writeValueAsBytes(value);
    byte[] line = java.util.Arrays.copyOf(json, json.length + 1);
    line[json.length] = '\n';
    writeAtomically(file, line);
  }

  /**
   * Writes {@code bytes} to {@code file}, atomically: to {@code FILE.tmp} beside it, synced, then
   * moved over it; the temporary file is removed when anything fails (a full disk must not leave it).
   * A symbolic link is followed, a FIFO or a character device (/dev/null) written through in place,
   * a directory, socket or block device refused: see {@link OutputTarget}.
   */
  public static void writeAtomically(Path file, byte[] bytes) throws IOException {
    OutputTarget.Resolved target = OutputTarget.resolve(file);
    if (target.writeThrough()) {
      try (FileOutputStream out = new FileOutputStream(target.path().toFile())) {
        out.write(bytes); // no sync: a FIFO or a device has nothing to sync (fsync fails on a FIFO)
      }
      return;
    }
    Path dest = target.path();
    Path tmp = dest.resolveSibling(dest.getFileName() + ".tmp");
    try {
      // a NAME.tmp left behind (or planted: a link to a device, a FIFO) is removed, not opened:
      // CREATE_NEW is O_EXCL, which follows no link and opens nothing that exists
      Files.deleteIfExists(tmp);
      try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        out.force(true); // the rename below must not publish an empty file after a crash
      }
      replace(tmp, dest);
    } catch (IOException e) {
      Files.deleteIfExists(tmp); // a full disk must not leave a half-written NAME.tmp behind
      throw e;
    }
  }

  /**
   * Moves {@code tmp} over {@code file}, atomically where the file system can; over the file a
   * symbolic link {@code file} leads to, never over the link; into a FIFO or a character device by
   * copying (then {@code tmp} is removed); refused for a directory, a socket or a block device
   * ({@link OutputTarget}).
   */
  public static void replace(Path tmp, Path file) throws IOException {
    OutputTarget.Resolved target = OutputTarget.resolve(file);
    if (target.writeThrough()) {
      try (FileOutputStream out = new FileOutputStream(target.path().toFile())) {
        Files.copy(tmp, out);
      }
      Files.delete(tmp);
      return;
    }
    try {
      Files.move(tmp, target.path(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target.path(), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
