package io.crosscheck.k8s;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sizes {@code crosscheck k8s} takes, in the forms Kubernetes and the JVM read: CPU ({@code 1},
 * {@code 0.5}, {@code 1500m}), memory ({@code 2048Mi}, {@code 2Gi}, {@code 2G}, bytes), a heap as
 * {@code -Xmx} takes it ({@code 1536m}, {@code 2g}), and the names Kubernetes gives objects.
 * Stateless; each parser returns -1 for a form it does not read.
 */
public final class Quantities {
  private static final Pattern CPU = Pattern.compile("([0-9]{1,6})(?:\\.([0-9]{1,3}))?|([0-9]{1,9})m");
  private static final Pattern MEMORY = Pattern.compile("([0-9]{1,15})(Ki|Mi|Gi|Ti|k|M|G|T)?");
  private static final Pattern HEAP = Pattern.compile("([0-9]{1,7})([mMgG])");
  /** RFC 1123 label: Kubernetes' rule for namespaces and the names of Jobs' pods. */
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final long MIB = 1L << 20;

  private Quantities() {}

  /** Thousandths of a CPU in {@code text}, or -1. */
  public static long cpuMillis(String text) {
    Matcher m = CPU.matcher(text);
    if (!m.matches()) {
      return -1;
    }
    if (m.group(3) != null) {
      return Long.parseLong(m.group(3));
    }
    String fraction = m.group(2) == null ? "" : m.group(2);
    return Long.parseLong(m.group(1)) * 1000 + (fraction.isEmpty() ? 0 : Long.parseLong((fraction + "00").substring(0, 3)));
  }

  /** Bytes of a memory quantity, or -1. */
  public static long memoryBytes(String text) {
    Matcher m = MEMORY.matcher(text);
    if (!m.matches()) {
      return -1;
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "" : m.group(2);
    long scale = switch (unit) {
      case "Ki" -> 1L << 10;
      case "Mi" -> 1L << 20;
      case "Gi" -> 1L << 30;
      case "Ti" -> 1L << 40;
      case "k" -> 1_000L;
      case "M" -> 1_000_000L;
      case "G" -> 1_000_000_000L;
      case "T" -> 1_000_000_000_000L;
      default -> 1L;
    };
    return n > Long.MAX_VALUE / scale ? -1 : n * scale;
  }

  /** MiB of a JVM heap size ({@code 1536m}, {@code 2g}), or -1. */
  public static long heapMebibytes(String text) {
    Matcher m = HEAP.matcher(text);
    if (!m.matches()) {
      return -1;
    }
    long n = Long.parseLong(m.group(1));
    return m.group(2).toLowerCase(Locale.ROOT).equals("g") ? n * 1024 : n;
  }

  /** The default memory of a shard: its heap and 512 MiB for the rest of the JVM (metaspace, stacks, direct buffers). */
  public static String defaultMemory(long heapMebibytes) {
    return (heapMebibytes + 512) + "Mi";
  }

  /** The least memory a shard with this heap is given: the heap and 256 MiB, in bytes. */
  public static long minimumMemoryBytes(long heapMebibytes) {
    return (heapMebibytes + 256) * MIB;
  }

  /** Whether {@code text} is an RFC 1123 label of at most {@code maxChars} characters. */
  public static boolean isLabel(String text, int maxChars) {
    return text.length() <= maxChars && LABEL.matcher(text).matches();
  }

  /** Whether {@code text} is an RFC 1123 subdomain (dot-separated labels, at most 253 characters), as claim names are. */
  public static boolean isSubdomain(String text) {
    if (text.isEmpty() || text.length() > 253) {
      return false;
    }
    for (String label : text.split("\\.", -1)) {
      if (!isLabel(label, 63)) {
        return false;
      }
    }
    return true;
  }
}
