package io.crosscheck.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a text input file line by line within {@link InputLimits}: the file must be a regular file
 * (a FIFO, a device or a directory is refused from its attributes, before it is opened, so a FIFO
 * without a writer cannot hang the reader and {@code /dev/zero} is refused at once), no larger than
 * {@link InputLimits#MAX_FILE_BYTES}, with lines of at most {@link InputLimits#MAX_LINE_CHARS}
 * characters and at most {@link InputLimits#MAX_LINES} lines. Lines end in LF, CRLF or CR (mixed
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
   * @return the number of lines
   * @throws InputFileException naming {@code shown} or {@code shown:line} and the broken limit
   */
  public static int forEach(Path file, String shown, Charset charset, String expected,
      LineHandler handler) throws InputFileException {
    long sizeBytes = checkRegularFile(file, shown, InputLimits.MAX_FILE_BYTES, expected);
    try (InputStream in = Files.newInputStream(file)) {
      Reader reader = new InputStreamReader(in, charset.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT));
      return split(reader, shown, expected, sizeBytes, handler);
    } catch (InputFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new InputFileException(shown, "cannot be read (" + e.getClass().getSimpleName()
          + "; expected " + expected + ")");
    }
  }

  /** Every line of {@code file}, as {@link #forEach} reads them. */
  public static List<String> readAll(Path file, String shown, Charset charset, String expected)
      throws InputFileException {
    List<String> lines = new ArrayList<>();
    forEach(file, shown, charset, expected, (n, text) -> lines.add(text));
    return lines;
  }

  /**
   * Splits text into lines as {@link #forEach} does, within the line limits (for text that is
   * already in memory, e.g. a shipped resource).
   */
  public static List<String> split(String text, String shown, String expected)
      throws InputFileException {
    List<String> lines = new ArrayList<>();
    try {
      split(new java.io.StringReader(text), shown, expected, text.length(), (n, t) -> lines.add(t));
    } catch (InputFileException e) {
      throw e;
    } catch (IOException e) {
      throw new InputFileException(shown, "cannot be read (" + e.getClass().getSimpleName() + ")");
    }
    return lines;
  }

  private static int split(Reader reader, String shown, String expected, long sizeBytes,
      LineHandler handler) throws IOException {
    char[] buffer = new char[8192];
    StringBuilder line = new StringBuilder();
    int number = 0;
    long chars = 0;
    boolean afterCr = false;
    boolean open = false; // characters read since the last line end
    while (true) {
      int n;
      try {
        n = reader.read(buffer);
      } catch (CharacterCodingException e) {
        throw new InputFileException(shown + ":" + (number + 1), "not " + "valid text in the"
            + " expected encoding (expected " + expected + " in UTF-8; is it a binary file?)");
      }
      if (n < 0) {
        break;
      }
      chars += n;
      if (chars > Math.max(sizeBytes, InputLimits.MAX_FILE_BYTES)) {
        throw new InputFileException(shown, "grew past the limit of "
            + InputLimits.count(InputLimits.MAX_FILE_BYTES) + " bytes while being read");
      }
      for (int i = 0; i < n; i++) {
        char c = buffer[i];
        if (c == '\n' && afterCr) {
          afterCr = false;
          continue;
        }
        afterCr = false;
        if (c == '\n' || c == '\r') {
          afterCr = c == '\r';
          number = emit(shown, number, line, handler);
          open = false;
          continue;
        }
        if (line.length() == InputLimits.MAX_LINE_CHARS) {
          throw new InputFileException(shown + ":" + (number + 1), "a line longer than the limit of "
              + InputLimits.count(InputLimits.MAX_LINE_CHARS) + " characters (expected " + expected
              + "; is it a binary file, or a line with a runaway value?)");
        }
        line.append(c);
        open = true;
      }
    }
    if (open) {
      number = emit(shown, number, line, handler);
    }
    return number;
  }

  private static int emit(String shown, int number, StringBuilder line, LineHandler handler)
      throws InputFileException {
    if (number == InputLimits.MAX_LINES) {
      throw new InputFileException(shown + ":" + (number + 1), "more than the limit of "
          + InputLimits.count(InputLimits.MAX_LINES) + " lines in one input file (split the file)");
    }
    handler.line(number + 1, line.toString());
    line.setLength(0);
    return number + 1;
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
