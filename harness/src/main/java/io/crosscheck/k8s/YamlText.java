package io.crosscheck.k8s;

import java.util.List;

/**
 * YAML written as text, for manifests whose layout and comments are part of the output (golden
 * files, a reader's first look). Every string value is a double-quoted scalar, in which YAML 1.1
 * and 1.2 read the same characters: {@code \\}, {@code \"}, and {@code \\uXXXX} for every
 * control, line-separator, byte-order-mark or lone-surrogate character; anything else (UTF-8
 * text included) stands as it is. No value is ever a plain scalar, so none is read as a number,
 * a boolean ({@code yes}, {@code on}) or a null. Keys are fixed identifiers written plain. Not
 * thread-safe; one per document.
 */
final class YamlText {
  private final StringBuilder text = new StringBuilder();

  /** A double-quoted YAML scalar holding exactly {@code value}. */
  static String quote(String value) {
    StringBuilder b = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1)));
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029' || c == '\ufeff' || lone) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
        if (Character.isHighSurrogate(c) && i + 1 < value.length()) {
          b.append(value.charAt(++i)); // the pair's low half, checked above
        }
      }
    }
    return b.append('"').toString();
  }

  /** A line {@code indent} levels (two spaces each) deep, as written. */
  YamlText line(int indent, String line) {
    text.append("  ".repeat(indent)).append(line).append('\n');
    return this;
  }

  /** {@code key: "value"}. */
  YamlText string(int indent, String key, String value) {
    return line(indent, key + ": " + quote(value));
  }

  /** {@code key: 123}. */
  YamlText number(int indent, String key, long value) {
    return line(indent, key + ": " + value);
  }

  /** {@code # comment} lines, each {@code indent} levels deep. */
  YamlText comment(int indent, String... lines) {
    for (String l : lines) {
      line(indent, l.isEmpty() ? "#" : "# " + l);
    }
    return this;
  }

  /** {@code key:} and one {@code - "item"} line per item, the items one level deeper. */
  YamlText strings(int indent, String key, List<String> items) {
    line(indent, key + ":");
    for (String item : items) {
      line(indent + 1, "- " + quote(item));
    }
    return this;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
