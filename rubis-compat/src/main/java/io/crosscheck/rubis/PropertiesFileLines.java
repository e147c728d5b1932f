package io.crosscheck.rubis;

import java.util.ArrayList;
import java.util.List;

/**
 * The key/value lines of a {@code .properties} file with their line numbers, split the way {@link
 * java.util.Properties#load(java.io.Reader)} splits them (which is how the client's {@code
 * ResourceBundle} reads {@code rubis.properties}): {@code #} and {@code !} start comments, the key
 * ends at the first unescaped {@code =}, {@code :} or blank, leading blanks of the value are
 * dropped and trailing ones kept, a line ending in an odd number of backslashes continues. Escapes
 * in the key and the value are decoded as {@code Properties.loadConvert} does: <code>&#92;uXXXX</code>
 * (exactly four hex digits, else the entry is {@link Entry#malformed}), {@code \t \n \r \f}, and a
 * backslash before any other character stands for that character.
 */
final class PropertiesFileLines {
  /**
   * One entry: the 1-based line where it starts, the key, the value and the line as written; {@code
   * malformed} is the first bad {@code \\uxxxx} escape of the entry as written (java.util.Properties
   * refuses the whole file for it: "Malformed \\uxxxx encoding."), or null.
   */
  record Entry(int line, String key, String value, String text, String malformed) {}

  private PropertiesFileLines() {}

  static List<Entry> parse(List<String> lines) {
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      int start = i;
      String text = lines.get(i);
      String logical = stripLeading(text);
      if (logical.isEmpty() || logical.charAt(0) == '#' || logical.charAt(0) == '!') {
        continue;
      }
      while (continues(logical) && i + 1 < lines.size()) {
        logical = logical.substring(0, logical.length() - 1) + stripLeading(lines.get(++i));
      }
      int k = 0;
      while (k < logical.length()) {
        char c = logical.charAt(k);
        if (c == '\\' && k + 1 < logical.length()) {
          k += 2;
          continue;
        }
        if (c == '=' || c == ':' || c == ' ' || c == '\t' || c == '\f') {
          break;
        }
        k++;
      }
      String[] malformed = new String[1];
      String key = convert(logical.substring(0, k), malformed);
      while (k < logical.length() && isBlank(logical.charAt(k))) {
        k++;
      }
      if (k < logical.length() && (logical.charAt(k) == '=' || logical.charAt(k) == ':')) {
        k++;
      }
      String value = convert(stripLeading(logical.substring(k)), malformed);
      entries.add(new Entry(start + 1, key, value, text, malformed[0]));
    }
    return entries;
  }

  /**
   * Decodes the escapes of a key or value as {@code Properties.loadConvert}; the first malformed
   * <code>&#92;uxxxx</code> (as written) goes to {@code malformed[0]} and is kept as written.
   */
  private static String convert(String s, String[] malformed) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 >= s.length()) {
        out.append(c);
        continue;
      }
      char e = s.charAt(++i);
      if (e == 'u') {
        String hex = s.substring(i + 1, Math.min(s.length(), i + 5));
        if (hex.length() == 4 && hex.chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
          out.append((char) Integer.parseInt(hex, 16));
          i += 4;
        } else {
          if (malformed[0] == null) {
            malformed[0] = "\\u" + hex;
          }
          out.append('\\').append('u');
        }
        continue;
      }
      out.append(e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 'f' ? '\f' : e);
    }
    return out.toString();
  }

  private static boolean continues(String s) {
    int n = 0;
    for (int j = s.length() - 1; j >= 0 && s.charAt(j) == '\\'; j--) {
      n++;
    }
    return n % 2 == 1;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\f';
  }

  private static String stripLeading(String s) {
    int k = 0;
    while (k < s.length() && isBlank(s.charAt(k))) {
      k++;
    }
    return s.substring(k);
  }
}
