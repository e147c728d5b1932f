package io.crosscheck.text;

/**
 * The limits every input file is read with (docs/auditing-your-generator.md, "Input limits"). They are generous for real
 * workloads and keep a wrong file ({@code /dev/zero}, a binary, a 50 MB line) from exhausting the
 * heap or flooding the terminal: past one, the file is refused with {@code file:line} and the limit
 * stated, before any load starts.
 */
public final class InputLimits {
  /** Largest text input file (wsesslog, URL list, think table, gaps, RUBiS files): 256 MiB. */
  public static final long MAX_FILE_BYTES = 256L << 20;
  /** Longest line of a text input file, in bytes (without its line end): 64 KiB. */
  public static final int MAX_LINE_BYTES = 64 << 10;
  /** Most lines in one text input file: 4 million (a URL list of 4 M paths is accepted). */
  public static final int MAX_LINES = 4_000_000;
  /** Longest request path, in characters: 8 KiB, as common servers accept (nginx, Apache). */
  public static final int MAX_PATH_CHARS = 8 << 10;
  /** Largest JSON file of a run directory (run.json, capture.json, findings.json): 64 MiB. */
  public static final long MAX_JSON_BYTES = 64L << 20;
  /** Longest row of requests.csv, in characters: 64 KiB. */
  public static final int MAX_CSV_ROW_CHARS = 64 << 10;
  /** Problems listed per input before the rest are only counted ("... and N more problems"). */
  public static final int MAX_PROBLEMS_SHOWN = 20;

  private InputLimits() {}

  /** {@code 65536} as {@code "65,536"}: limits are stated in messages with separators. */
  public static String count(long n) {
    return String.format(java.util.Locale.ROOT, "%,d", n);
  }
}
