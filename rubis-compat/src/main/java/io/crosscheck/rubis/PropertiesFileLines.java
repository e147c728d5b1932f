package io.crosscheck.rubis;

import java.util.ArrayList;
import java.util.List;

/**
 * The key/value lines of a {@code .properties} file with their line numbers, split the way {@link
 * java.util.Properties#load(java.io.Reader)} splits them (which is how the client's {@code
 * ResourceBundle} reads {@code rubis.properties}): {@code #} and {@code !} start comments, the key
 * ends at the first unescaped {@code =}, {@code :} or blank, leading blanks of the value are
 * dropped and trailing ones kept, a line ending in an odd number of backslashes continues.
 */
final class PropertiesFileLines {
  /** One entry: the 1-based line where it starts, the key, the value and the line as written. */
  record Entry(int line, String key, String value, String text) {}

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
      StringBuilder key = new StringBuilder();
      while (k < logical.length()) {
        char c = logical.charAt(k);
        if (c == '\\' && k + 1 < logical.length()) {
          key.append(logical.charAt(k + 1));
          k += 2;
          continue;
        }
        if (c == '=' || c == ':' || c == ' ' || c == '\t' || c == '\f') {
          break;
        }
        key.append(c);
        k++;
      }
      while (k < logical.length() && isBlank(logical.charAt(k))) {
        k++;
      }
      if (k < logical.length() && (logical.charAt(k) == '=' || logical.charAt(k) == ':')) {
        k++;
      }
      String value = stripLeading(logical.substring(k));
      entries.add(new Entry(start + 1, key.toString(), value, text));
    }
    return entries;
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
