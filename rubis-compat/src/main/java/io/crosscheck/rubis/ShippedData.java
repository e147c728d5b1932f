package io.crosscheck.rubis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The RUBiS data files shipped inside crosscheck (resources under {@code io/crosscheck/rubis/}),
 * copied byte-for-byte from the RUBiS repository; provenance in {@code SOURCES.md} beside them.
 */
final class ShippedData {
  static final String WORKLOAD = "workload/";
  static final String DATABASE = "database/";
  static final List<String> TABLES = List.of(
      "default_transitions.txt", "default_transitions_7.txt", "default_transitions_03.txt",
      "default_transitions_05.txt", "default_transitions_15.txt", "default_transitions_2.txt",
      "browse_only_transitions.txt", "browse_only_transitions_7.txt", "browse_only_03.txt",
      "browse_only_05.txt", "browse_only_15.txt", "browse_only_2.txt", "transitions.txt");
  static final List<String> DATABASE_FILES = List.of(
      "ebay_regions.txt", "ebay_simple_categories.txt", "ebay_full_categories.txt");

  private ShippedData() {}

  /** The resource's bytes, or null when crosscheck does not ship it. */
  static byte[] bytes(String relative) {
    try (InputStream in = ShippedData.class.getResourceAsStream(relative)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The shipped resource with this file name (a table or a database file), or null. */
  static String resourceFor(String fileName) {
    if (TABLES.contains(fileName)) {
      return WORKLOAD + fileName;
    }
    if (DATABASE_FILES.contains(fileName)) {
      return DATABASE + fileName;
    }
    return null;
  }
}
