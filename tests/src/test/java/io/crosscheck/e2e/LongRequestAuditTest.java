package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rubis.RubisWorkload;
import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import io.crosscheck.wire.WireCsv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/**
 * Long requests survive the snap length (issue 9): a RUBiS selling workload whose every fifth page
 * is a RegisterItem (request lines of ~300 to ~1,700 bytes), run by the legacy {@code
 * URL.openStream} engine, which reports no connection, so every record is matched by URL and time.
 * At the default snap length every request line is captured whole; at 512 bytes the long ones are
 * cut, reconstructed as a URL prefix marked {@code urlTruncated}, and still matched.
 */
// heavy: it proves the capture reconstruction and the findings, which run the same on every JDK
@Tag("heavy")
class LongRequestAuditTest {
  private static final int STATES = 27;
  private static final int HOME = 0, SELL = 21, SELECT_CATEGORY = 22, SELL_ITEM_FORM = 23, REGISTER_ITEM = 24;
  private static final int BACK_ROW = 27, END_ROW = 28;
  private static RubisServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = RubisServer.start(RubisServerConfig.defaults());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /**
   * Home, Sell, SelectCategoryToSellItem, SellItemForm, RegisterItem, then Home again or the end of
   * the session (even odds); columns are the current state, rows the next (RUBIS-CONTRACT.md).
   */
  private static Path sellingTable(Path dir) throws IOException {
    double[][] p = new double[29][STATES];
    for (int from = 0; from < STATES; from++) {
      p[END_ROW][from] = 1;
    }
    int[][] path = {{HOME, SELL}, {SELL, SELECT_CATEGORY}, {SELECT_CATEGORY, SELL_ITEM_FORM},
        {SELL_ITEM_FORM, REGISTER_ITEM}};
    for (int[] step : path) {
      p[END_ROW][step[0]] = 0;
      p[step[1]][step[0]] = 1;
    }
    p[END_ROW][REGISTER_ITEM] = 0.5;
    p[HOME][REGISTER_ITEM] = 0.5;
    StringBuilder t = new StringBuilder("RUBiS Transition Table\tselling\n\n\"To >>>\nFrom vvvv\"\n");
    for (int row = 0; row < 29; row++) {
      t.append(row == BACK_ROW ? "Back" : row == END_ROW ? "End" : "S" + row);
      for (int from = 0; from < STATES; from++) {
        t.append('\t').append(p[row][from]);
      }
      t.append('\t').append(row >= BACK_ROW ? 0 : 40).append('\n'); // think time, ms
    }
    Path file = dir.resolve("selling_transitions.txt");
    Files.writeString(file, t, StandardCharsets.ISO_8859_1);
    return file;
  }

  private static Path properties(Path dir) throws IOException {
    Path file = dir.resolve("crosscheck-default.properties");
    try (InputStream in = RubisWorkload.class.getResourceAsStream("/io/crosscheck/rubis/crosscheck-default.properties")) {
      Files.copy(in, file);
    }
    return file;
  }

  /** What an audit left: its findings, records and wire exchanges. */
  private record Audit(JsonNode matching, List<RequestRecord> records, List<String[]> exchanges, JsonNode capture) {}

  private static Audit audit(Path out, String... snaplen) throws Exception {
    Files.createDirectories(out);
    List<String> args = new ArrayList<>(List.of("audit", "--rubis", properties(out).toString(),
        "--rubis-table", sellingTable(out).toString(), "--target", "http://127.0.0.1:" + server.port(),
        "--users", "10", "--ramp-up", "0s", "--duration", "6s", "--ramp-down", "0s",
        "--engine", "legacy-urlconnection", "--timing", "nanos", "--request-timeout", "20s"));
    args.addAll(List.of(snaplen));
    CliRun run = CliRun.run(out.resolve("runs"), args.toArray(String[]::new));
    assertEquals(0, run.exitCode, run.err);
    Path dir = run.runDirectory();
    ObjectMapper json = new ObjectMapper();
    JsonNode capture = json.readTree(dir.resolve("capture.json").toFile());
    assertEquals(0, capture.get("kernelDropped").asLong(), "the kernel dropped no packet: " + capture);
    JsonNode findings = json.readTree(dir.resolve("findings.json").toFile()).get("findings");
    List<String> lines = Files.readAllLines(dir.resolve(WireCsv.EXCHANGES_FILE), StandardCharsets.UTF_8);
    assertEquals(WireCsv.EXCHANGES_HEADER, lines.get(0));
    List<String[]> exchanges = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      exchanges.add(csvFields(line));
    }
    return new Audit(findings.get("matching"), run.records(), exchanges, capture);
  }

  /** The fields of one RFC 4180 row (quoted fields may hold commas and doubled quotes). */
  private static String[] csvFields(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder f = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        f.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.add(f.toString());
        f.setLength(0);
      } else {
        f.append(c);
      }
    }
    fields.add(f.toString());
    return fields.toArray(String[]::new);
  }

  private static final int URL = 11, URL_TRUNCATED = 16;

  private static void assertEveryRecordMatched(String name, Audit a) {
    long records = a.records().size();
    assertTrue(a.records().stream().allMatch(r -> r.outcome() == Outcome.OK), name + ": every request succeeded");
    assertEquals(records, a.matching().get("records").asLong(), name);
    assertEquals(records, a.matching().get("matched").asLong(), name + ": every record matched: " + a.matching());
    assertEquals(records, a.matching().get("wireExchanges").asLong(), name + ": " + a.matching());
    assertEquals(0, a.matching().get("unmatchedRecords").size(), name + ": " + a.matching());
  }

  @Test
  void longRegisterItemRequestsAreMatchedAtTheDefaultSnapLengthAndAt512Bytes(@TempDir Path out) throws Exception {
    Audit full = audit(out.resolve("default"));
    assertEveryRecordMatched("default snap length", full);
    List<RequestRecord> registers = full.records().stream().filter(r -> r.url().contains(".RegisterItem?")).toList();
    int longest = registers.stream().mapToInt(r -> r.url().length()).max().orElse(0);
    long over512 = registers.stream().filter(r -> r.url().length() > 512).count();
    System.out.printf(Locale.ROOT, "[long requests] default snap length %d: %d records, %d RegisterItem (%d URLs over"
            + " 512 bytes, longest %d), all matched; capture %s%n", LiveCaptureConfig.DEFAULT_SNAPLEN_BYTES,
        full.records().size(), registers.size(), over512, longest, full.capture());
    assertTrue(over512 >= 20, "the run sent long RegisterItem requests: " + over512);
    assertTrue(longest > 1_500, "up to the longest RUBiS description: " + longest);
    assertEquals(0, full.exchanges().stream().filter(e -> e[URL_TRUNCATED].equals("true")).count(),
        "the default snap length keeps every request line whole");

    Audit cut = audit(out.resolve("512"), "--snaplen", "512");
    assertEveryRecordMatched("snap length 512", cut);
    List<String[]> truncated = cut.exchanges().stream().filter(e -> e[URL_TRUNCATED].equals("true")).toList();
    assertTrue(!truncated.isEmpty(), "the 512-byte snap length cut request lines");
    // every cut line keeps the same number of target bytes: 512 minus the frame's headers and "GET "
    int prefixBytes = truncated.get(0)[URL].length();
    assertTrue(truncated.stream().allMatch(e -> e[URL].length() == prefixBytes && e[URL].contains(".RegisterItem?")),
        "only RegisterItem lines are cut, all at one length");
    long longRecords = cut.records().stream().filter(r -> r.url().length() > prefixBytes).count();
    assertEquals(longRecords, truncated.size(), "exactly the records whose URL is longer than the captured prefix");
    System.out.printf(Locale.ROOT, "[long requests] snap length 512: %d records, %d exchanges URL-truncated at %d"
            + " bytes of target, all records matched: %s; capture %s%n", cut.records().size(), truncated.size(),
        prefixBytes, cut.matching(), cut.capture());
  }
}
