package io.crosscheck.record;

/** SKELETON. */
public final class SummaryTable {
  private SummaryTable() {}

  public static String format(Summary summary) {
    throw new UnsupportedOperationException("skeleton");
  }
}
