package io.crosscheck.text;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a text input file line by line within {@link InputLimits}: the file must be a regular file
 * (a FIFO, a device or a directory is refused from its attributes, before it is opened, so a FIFO
 * without a writer cannot hang the reader and {@code /dev/zero} is refused at once), no larger than
 * {@link InputLimits#MAX_FILE_BYTES} (or a lower limit the caller gives), with lines of at most
 * {@link InputLimits#MAX_LINE_BYTES} bytes and at most {@link InputLimits#MAX_LINES} lines. Lines end in LF, CRLF or CR (mixed
 * allowed); the line end is not part of the line, so a CRLF file reads as its LF twin. Memory is
 * bounded by one line at a time ({@link #forEach}). Stateless.
 */
public final class InputLines {
  /** Receives each line, 1-based number and text without its line end. */
  @FunctionalInterface
  public interface LineHandler {
    void line(int number, String text);
  }

  private InputLines() {}

  /**
   * Refuses anything but a readable regular file of at most {@code maxBytes}, without opening it.
   *
   * @param shown the file as the user named it, for messages
   * @param expected what the file should be, e.g. "a wsesslog file"
   * @return the file's size in bytes
   */
  public static long checkRegularFile(Path file, String shown, long maxBytes, String expected)
      throws InputFileException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new InputFileException(shown, "no such file (expected " + expected + ")");
    } catch (IOException | RuntimeException e) {
      throw new InputFileException(shown, "cannot be read (" + e.getClass().getSimpleName()
          + "; expected " + expected + ")");
    }
    if (!attributes.isRegularFile()) {
      throw new InputFileException(shown, kind(file, attributes) + ", not a regular file (expected "
          + expected + "; input files are read whole before the load, so FIFOs, devices and"
          + " directories are refused: save the input to a file first)");
    }
    if (attributes.size() > maxBytes) {
      throw new InputFileException(shown, InputLimits.count(attributes.size()) + " bytes, more than"
          + " the limit of " + InputLimits.count(maxBytes) + " bytes for " + expected
          + " (check that this is the right file)");
    }
    return attributes.size();
  }

  /**
   * Streams the lines of {@code file} to {@code handler} within the limits.
   *
   * @param charset UTF-8 (a malformed byte sequence is refused at its line) or ISO-8859-1
   * @param maxBytes the largest file accepted, at most {@link InputLimits#MAX_FILE_BYTES}
   * @return the number of lines
   * @throws InputFileException naming {@code shown} or {@code shown:line} and the broken limit
   */
  public static int forEach(Path file, String shown, Charset charset, long maxBytes, String expected,
      LineHandler handler) throws InputFileException {
    checkRegularFile(file, shown, maxBytes, expected);
    try (InputStream in = Files.newInputStream(file)) {
      return split(in, shown, charset, maxBytes, expected, handler);
    } catch (InputFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new InputFileException(shown, "cannot be read (" + e.getClass().getSimpleName()
          + "; expected " + expected + ")");
    }
  }

  /** Every line of {@code file}, as {@link #forEach} reads them. */
  public static List<String> readAll(Path file, String shown, Charset charset, long maxBytes,
      String expected) throws InputFileException {
    List<String> lines = new ArrayList<>();
    forEach(file, shown, charset, maxBytes, expected, (n, text) -> lines.add(text));
    return lines;
  }

  /**
   * Every line of bytes already in memory (e.g. a shipped resource), split and limited as {@link
   * #forEach} does a file.
   */
  public static List<String> readAll(byte[] bytes, String shown, Charset charset, String expected)
      throws InputFileException {
    List<String> lines = new ArrayList<>();
    try {
      split(new ByteArrayInputStream(bytes), shown, charset, InputLimits.MAX_FILE_BYTES, expected,
          (n, text) -> lines.add(text));
    } catch (InputFileException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return lines;
  }

  /**
   * Splits bytes on LF, CR and CRLF (bytes that never occur inside a multi-byte UTF-8 character)
   * and decodes each line on its own, so a bad byte is reported at its own line.
   */
  private static int split(InputStream in, String shown, Charset charset, long maxBytes,
      String expected, LineHandler handler) throws IOException {
    CharsetDecoder decoder = charset.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    byte[] buffer = new byte[8192];
    byte[] line = new byte[256];
    int length = 0;
    boolean open = false;
    long total = 0;
    Lines state = new Lines(shown, expected);
    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
      total += n;
      if (total > maxBytes) {
        throw new InputFileException(shown, "grew past the limit of "
            + InputLimits.count(maxBytes) + " bytes while being read");
      }
      for (int i = 0; i < n; i++) {
        byte b = buffer[i];
        if (state.endsLine((char) (b & 0xff))) {
          handler.line(state.lines, decode(line, length, decoder, state));
          length = 0;
          open = false;
        } else if (!state.skipped) {
          state.checkLength(length + 1);
          if (length == line.length) {
            line = Arrays.copyOf(line, 2 * length);
          }
          line[length++] = b;
          open = true;
        }
      }
    }
    if (open) {
      state.countLine();
      handler.line(state.lines, decode(line, length, decoder, state));
    }
    return state.lines;
  }

  private static String decode(byte[] line, int length, CharsetDecoder decoder, Lines state)
      throws InputFileException {
    try {
      return decoder.reset().decode(ByteBuffer.wrap(line, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new InputFileException(state.shown + ":" + state.lines, "not valid text (expected "
          + state.expected + " in " + decoder.charset() + "; is it a binary file?)");
    }
  }

  /** Line counting and limits of the splitter. Not thread-safe. */
  private static final class Lines {
    final String shown;
    final String expected;
    int lines;
    boolean afterCr;
    /** Whether the last character was the LF of a CRLF, skipped. */
    boolean skipped;

    Lines(String shown, String expected) {
      this.shown = shown;
      this.expected = expected;
    }

    /** Whether {@code c} ends a line (counting it); sets {@link #skipped} for the LF of CRLF. */
    boolean endsLine(char c) throws InputFileException {
      skipped = c == '\n' && afterCr;
      afterCr = c == '\r';
      if (skipped) {
        return false;
      }
      if (c == '\n' || c == '\r') {
        countLine();
        return true;
      }
      return false;
    }

    void countLine() throws InputFileException {
      if (lines == InputLimits.MAX_LINES) {
        throw new InputFileException(shown + ":" + (lines + 1), "more than the limit of "
            + InputLimits.count(InputLimits.MAX_LINES) + " lines in one input file (split the file)");
      }
      lines++;
    }

    void checkLength(int length) throws InputFileException {
      if (length > InputLimits.MAX_LINE_BYTES) {
        throw new InputFileException(shown + ":" + (lines + 1), "a line longer than the limit of "
            + InputLimits.count(InputLimits.MAX_LINE_BYTES) + " bytes (expected " + expected
            + "; is it a binary file, or a line with a runaway value?)");
      }
    }
  }

  /** "a FIFO", "a character device", ... from the file's mode where the platform tells it. */
  private static String kind(Path file, BasicFileAttributes attributes) {
    if (attributes.isDirectory()) {
      return "a directory";
    }
    try {
      int mode = (Integer) Files.getAttribute(file, "unix:mode");
      switch (mode & 0170000) {
        case 0010000:
          return "a FIFO (named pipe)";
        case 0020000:
          return "a character device";
        case 0060000:
          return "a block device";
        case 0140000:
          return "a socket";
        default:
          break;
      }
    } catch (IOException | RuntimeException e) {
      // a platform without unix attributes: say it generally
    }
    return "a special file";
  }
}
