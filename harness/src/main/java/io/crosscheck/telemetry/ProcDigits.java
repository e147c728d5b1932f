package io.crosscheck.telemetry;

/**
 * The unsigned decimal fields of a procfs file read into a byte buffer, parsed without allocation:
 * the one parser of {@link ProcCpu} and {@link TaskSchedstat}. (The agent's {@code Telemetry} keeps
 * its own copy: the agent may not depend on the harness.) Stateless.
 */
final class ProcDigits {
  private ProcDigits() {}

  /** The unsigned decimal starting at {@code buf[from]} (bytes before {@code n}); -1 when no digit is there. */
  static long parse(byte[] buf, int from, int n) {
    long v = 0;
    int i = from;
    while (i < n && buf[i] >= '0' && buf[i] <= '9') {
      v = v * 10 + (buf[i++] - '0');
    }
    return i == from ? -1 : v;
  }

  /** The index just past the digits starting at {@code buf[from]} ({@code from} when there are none). */
  static int skip(byte[] buf, int from, int n) {
    int i = from;
    while (i < n && buf[i] >= '0' && buf[i] <= '9') {
      i++;
    }
    return i;
  }
}
