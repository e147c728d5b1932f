package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransitionTableTest {
  private static final Map<String, String> SET_NAMES = Map.ofEntries(
      Map.entry("default_transitions.txt", "Default transition set"),
      Map.entry("browse_only_transitions.txt", "Browse only transition set"),
      Map.entry("transitions.txt", "Browse only transition 7sec set"),
      Map.entry("browse_only_transitions_7.txt", "Browse only transition 7sec set"));

  @TempDir Path dir;

  @Test
  void everyShippedTableParsesWithColumnsSummingToOneAfterTheClientsRule() {
    for (String name : ShippedData.TABLES) {
      TransitionTable t = TestFiles.table(name);
      assertEquals(29, t.rowNames().size(), name);
      assertEquals("Home", t.rowNames().get(0), name);
      assertEquals("End of Session", t.rowNames().get(TransitionTable.END), name);
      if (SET_NAMES.containsKey(name)) {
        assertEquals(SET_NAMES.get(name), t.setName(), name);
      }
      for (int from = 0; from < 27; from++) {
        double sum = 0;
        for (int to = 0; to < 29; to++) {
          sum += t.effective(to, from);
        }
        assertEquals(1.0, sum, 1e-9, name + " column " + from);
      }
    }
  }

  @Test
  void shippedTablesHaveTheDocumentedThinkTimes() {
    TransitionTable seven = TestFiles.table("default_transitions_7.txt");
    TransitionTable base = TestFiles.table("default_transitions.txt");
    for (int row = 0; row < 27; row++) {
      assertEquals(7000, seven.thinkTimeMillis(row));
      for (int from = 0; from < 27; from++) {
        assertEquals(base.raw(row, from), seven.raw(row, from));
      }
    }
    assertEquals(3000, base.thinkTimeMillis(0));
    assertEquals(10000, base.thinkTimeMillis(1));
    assertEquals(0, base.thinkTimeMillis(TransitionTable.BACK));
    assertEquals("StoreBuyBow", base.rowNames().get(14));
  }

  @Test
  void viewItemsEffectiveBackProbabilityInTheBiddingMixIs0492() {
    TransitionTable t = TestFiles.table("default_transitions.txt");
    int viewItem = RubisState.VIEW_ITEM.ordinal();
    assertEquals(0.5, t.raw(TransitionTable.BACK, viewItem), 1e-6);
    assertEquals(0.492, t.effective(TransitionTable.BACK, viewItem), 0.0005);
    assertEquals(0.0, t.effective(TransitionTable.END, viewItem), 1e-12);
  }

  @Test
  void aColumnSummingBelowOneStaysOnTheSameStateForTheShortfall() throws Exception {
    String text = table(row -> row == 1 ? "0.25" : "0", 3000).replace("Register\t0\t", "Register\t0.25\t");
    TransitionTable t = TransitionTable.parse("t.txt", text, 29, 27);
    // column 0 (Home): Register 0.25 and nothing else: stays on Home with 0.75
    assertEquals(0.25, t.effective(1, 0), 1e-9);
    assertEquals(0.75, t.effective(0, 0), 1e-9);
  }

  @Test
  void crlfAndLfMixAndLinesAfterTheLastRowAreAccepted() throws Exception {
    String text = table(row -> row == 0 ? "1" : "0", 3000).replace("\n", "\r\n")
        .replaceFirst("\r\n", "\n") + "anything\tafter\n";
    TransitionTable t = TransitionTable.parse("t.txt", text, 29, 27);
    assertEquals("Test set", t.setName());
    assertEquals(1.0, t.effective(0, 5), 1e-12);
  }

  @Test
  void aCommaDecimalIsNotAProbability() {
    String text = replaceCell(table(row -> "0", 3000), 7, 12, "0,3");
    assertEquals(List.of("t.txt:7: column 12: \"0,3\" is not a probability (expected 0..1)"),
        problems(text));
  }

  @Test
  void aProbabilityAboveOneIsReported() {
    String text = replaceCell(table(row -> "0", 3000), 9, 3, "1.5");
    assertEquals(List.of("t.txt:9: column 3: \"1.5\" is not a probability (expected 0..1)"),
        problems(text));
  }

  @Test
  void aMissingCellShiftsTheRowAndIsReported() {
    String text = replaceCell(table(row -> "0", 3000), 10, 20, "");
    // consecutive tabs collapse: the think time moves into the last probability's place
    assertEquals(List.of("t.txt:10: column 28: \"3000\" is not a probability (expected 0..1)",
        "t.txt:10: column 29: think time is missing (expected a whole number of"
        + " milliseconds >= 0 after the 27 probabilities)"), problems(text));
  }

  @Test
  void aRowWithTooFewCellsIsReported() {
    String text = table(row -> "0", 3000).replace("ViewItem\t0\t0\t0\t", "ViewItem\t");
    assertEquals(List.of("t.txt:14: column 26: \"3000\" is not a probability (expected 0..1)",
        "t.txt:14: column 27: is missing: row has 26 fields (expected a state"
        + " name, 27 probabilities and a think time in ms; consecutive tabs count as one, so no"
        + " cell may be empty)"), problems(text));
  }

  @Test
  void aBadThinkTimeIsReported() {
    String text = replaceCell(table(row -> "0", 3000), 6, 29, "3000.5");
    assertEquals(List.of("t.txt:6: column 29: \"3000.5\" is not a think time (expected a whole"
        + " number of milliseconds >= 0)"), problems(text));
  }

  @Test
  void tooFewRowsAreReported() throws Exception {
    String text = String.join("\n", RubisFiles.lines("table", table(row -> "0", 3000)).subList(0, 24));
    assertEquals(List.of("t.txt: has 20 data rows after the 4 header lines (expected 29 rows, lines"
        + " 5 to 33, as workload_number_of_rows says)"), problems(text));
  }

  @Test
  void allProblemsAreReportedAtOnceInFileOrder() {
    String text = replaceCell(replaceCell(table(row -> "0", 3000), 7, 12, "0,3"), 20, 2, "x");
    text = replaceCell(text, 21, 29, "-5");
    assertEquals(List.of(
        "t.txt:7: column 12: \"0,3\" is not a probability (expected 0..1)",
        "t.txt:20: column 2: \"x\" is not a probability (expected 0..1)",
        "t.txt:21: column 29: \"-5\" is not a think time (expected a whole number of milliseconds >= 0)"),
        problems(text));
  }

  @Test
  void anUnreadableFileIsReportedWithItsPath() {
    Path missing = dir.resolve("nope.txt");
    RubisInputException e = assertThrows(RubisInputException.class,
        () -> TransitionTable.read(missing, 29, 27));
    assertEquals(missing + ": no such file (expected a RUBiS transition table file)", e.getMessage());
  }

  @Test
  void aBadHeaderIsReported() {
    String text = table(row -> "0", 3000).replaceFirst("RUBiS Transition Table\tTest set", "nothing");
    assertEquals(List.of("t.txt:1: \"nothing\" is not a table header (expected \"RUBiS Transition"
        + " Table<TAB>set name\")"), problems(text));
  }

  @Test
  void shippedCopiesAreTheSameAsTheTestResources() throws Exception {
    TransitionTable shipped = TransitionTable.shipped("default_transitions.txt");
    assertEquals(TestFiles.table("default_transitions.txt").fingerprint(), shipped.fingerprint());
    assertTrue(assertThrows(RubisInputException.class, () -> TransitionTable.shipped("x.txt"))
        .getMessage().startsWith("--rubis-table: \"x.txt\" is not a table shipped with crosscheck"));
  }

  private static List<String> problems(String text) {
    return assertThrows(RubisInputException.class, () -> TransitionTable.parse("t.txt", text, 29, 27))
        .messages();
  }

  /** A table where every column has {@code cell(row)} in each row. */
  static String table(java.util.function.IntFunction<String> cell, int thinkMillis) {
    StringBuilder b = new StringBuilder("RUBiS Transition Table\tTest set\n\n\"To >>>\nFrom vvvv  \"");
    for (RubisState s : RubisState.values()) {
      b.append('\t').append(s.label());
    }
    b.append("\tTransition waiting time\n");
    for (int row = 0; row < 29; row++) {
      b.append(row < 27 ? RubisState.of(row).label() : row == 27 ? "Back probability" : "End of Session");
      for (int c = 0; c < 27; c++) {
        b.append('\t').append(cell.apply(row));
      }
      b.append('\t').append(thinkMillis).append('\n');
    }
    return b.toString();
  }

  /** Replaces the field at 1-based {@code column} (tab-separated) of 1-based {@code line}. */
  static String replaceCell(String text, int line, int column, String value) {
    List<String> lines;
    try {
      lines = new java.util.ArrayList<>(RubisFiles.lines("table", text));
    } catch (RubisInputException e) {
      throw new AssertionError(e);
    }
    String[] fields = lines.get(line - 1).split("\t", -1);
    fields[column - 1] = value;
    lines.set(line - 1, String.join("\t", fields));
    return String.join("\n", lines) + "\n";
  }
}
