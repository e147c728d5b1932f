package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, "sizes that match the client": {@code serve --tpcw --browsers 1} sizes the bookstore by
 * TPC-W's rule (2,880 customers) and prints the RBE's exact {@code -CUST}/{@code -ITEM}; an audit
 * of the RBE's workload told {@code -CUST 28800} (the rule for 10 browsers) against it asks for
 * customers the bookstore does not hold, and its findings say so: the typed finding's counts equal
 * those recomputed here from requests.csv, the population is the one the server stated on the
 * wire, and the printed table names it in a sentence. {@code serve --rubis --users} prints the
 * client's {@code database_number_of_users} likewise.
 */
class PopulationAuditTest {
  private static final Pattern C_ID = Pattern.compile("[?&]C_ID=(\\d+)");

  @Test
  void anAuditAskingForCustomersBeyondTheBookstoreSaysSoInItsFindings(@TempDir Path dir) throws Exception {
    try (ChildCli tpcw = ChildCli.startAsGiven(dir.resolve("tpcw.out"), null, List.of("serve", "--tpcw",
            "--browsers", "1", "--port", "0"));
        ChildCli rubis = ChildCli.startAsGiven(dir.resolve("rubis.out"), null, List.of("serve", "--rubis",
            "--users", "500", "--port", "0"))) {
      int port = tpcw.listeningPort(Duration.ofSeconds(60));
      String give = tpcw.waitForLine(Duration.ofSeconds(10), "crosscheck serve: give the RBE:");
      assertEquals("crosscheck serve: give the RBE: -WWW http://127.0.0.1:" + port + "/tpcw/ -CUST 2880 -ITEM 10000",
          give);
      assertTrue(tpcw.output().contains("2880 customers, 10000 items: TPC-W's population rule: 2880 x 1 browsers"),
          tpcw.output());

      Path out = dir.resolve("runs");
      Evidence.Compared ran = Evidence.execute(List.of("audit", "--tpcw", "shopping", "--engine", "netty",
          "--target", "http://127.0.0.1:" + port, "-EB", "10", "-CUST", "28800", "-TT", "0.05", "-RU", "1", "-MI",
          "2", "--out", out.toString(), "--progress", "off"));
      Path runDir;
      try (Stream<Path> dirs = Files.list(out)) {
        runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      // recomputed from the records: requests naming a customer, those refused beyond 2,880, the highest id
      List<RequestRecord> records = RequestCsv.readAll(runDir.resolve("requests.csv")).records();
      long naming = 0;
      long refusedBeyond = 0;
      long highest = 0;
      for (RequestRecord r : records) {
        Matcher m = C_ID.matcher(r.url());
        if (r.url().contains("/TPCW_") && m.find()) {
          long id = Long.parseLong(m.group(1));
          naming++;
          highest = Math.max(highest, id);
          if (id > 2880 && r.status() == 404) {
            refusedBeyond++;
          }
        }
      }
      assertTrue(refusedBeyond > 10, "the RBE's draws up to 28,800 mostly miss 2,880 customers: " + refusedBeyond
          + " of " + naming + "\n" + ran);

      JsonNode populations = Evidence.findings(runDir).get("populations");
      assertTrue(populations != null && populations.size() >= 1, "findings.json has populations: " + ran);
      JsonNode customers = populations.get(0);
      assertEquals("TPCW_CUSTOMERS", customers.get("kind").asText(), customers.toString());
      assertEquals("BEYOND", customers.get("verdict").asText(), customers.toString());
      assertEquals(2880, customers.get("population").asLong(), customers.toString());
      assertEquals("RECORDS", customers.get("source").asText(), customers.toString());
      assertEquals(naming, customers.get("requests").asLong(), customers.toString());
      assertEquals(refusedBeyond, customers.get("beyond").asLong(), customers.toString());
      assertEquals(highest, customers.get("highestId").asLong(), customers.toString());
      assertTrue(customers.get("statingReplies").asLong() >= refusedBeyond, "every reply states it: " + customers);

      String sentence = String.format(java.util.Locale.ROOT, "population:    %,d of %,d requests asked for customer"
          + " ids beyond the bookstore's 2,880 customers and were refused (highest %,d): start serve --tpcw"
          + " --customers with the RBE's -CUST (at least %d) or give the RBE -CUST 2880", refusedBeyond, naming,
          highest, highest);
      assertTrue(ran.out().contains(sentence), "the table names it:\n" + sentence + "\n" + ran.out());
      System.out.println("[population audit] " + ran.out().lines().filter(l -> l.startsWith("population:"))
          .findFirst().orElseThrow());

      String users = rubis.waitForLine(Duration.ofSeconds(60), "crosscheck serve: give the RUBiS client");
      assertEquals("crosscheck serve: give the RUBiS client (rubis.properties): database_number_of_users = 500", users);
    }
  }
}
