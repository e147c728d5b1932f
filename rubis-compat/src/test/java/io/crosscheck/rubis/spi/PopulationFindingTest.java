package io.crosscheck.rubis.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.compare.PopulationCheck;
import io.crosscheck.compare.Reconstruction;
import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.report.PopulationSentences;
import io.crosscheck.rundir.Findings.Population;
import io.crosscheck.rundir.Findings.PopulationSource;
import io.crosscheck.rundir.Findings.PopulationVerdict;
import io.crosscheck.rundir.PopulationKind;
import io.crosscheck.spi.IdReferences;
import io.crosscheck.spi.IdReferences.IdReference;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ids RUBiS and TPC-W requests name ({@link IdReferencesImpl}, the real rules), counted by
 * {@link PopulationCheck} against the population the server stated, and the sentence the report
 * prints: the numbers are the requests', the population the server's, and a TPC-W customer id
 * above the population that the bookstore served (a customer it registered) is not beyond it.
 */
class PopulationFindingTest {
  private static final IdReferences RULES = IdReferences.find().orElseThrow();

  private static RequestRecord record(String url, int status) {
    return new RequestRecord(1, 1, 0, "GET", url, "127.0.0.1:1", 0, false, 0, 0, 10, 20, status, 100, 200,
        status >= 400 ? Outcome.HTTP_ERROR : Outcome.OK, Phase.MEASURE, "");
  }

  private static Reconstruction stating(Map<String, Long> statements, List<WireExchange> exchanges) {
    return new Reconstruction(exchanges, List.of(), null, null, 0, 1, statements);
  }

  @Test
  void theRulesReadTheIdsTheClientsSend() {
    assertEquals(List.of(new IdReference(PopulationKind.TPCW_CUSTOMERS, 28_799)),
        RULES.references("/tpcw/TPCW_home_interaction;jsessionid=S1?C_ID=28799&SHOPPING_ID=3"));
    assertEquals(List.of(new IdReference(PopulationKind.TPCW_CUSTOMERS, 5), new IdReference(PopulationKind.TPCW_ITEMS,
        77)), RULES.references("http://127.0.0.1:8080/tpcw/TPCW_product_detail_servlet?I_ID=77&C_ID=5"));
    // a returning customer's user name is digSyl(C_ID): 1003 is OG BA BA RI
    assertEquals(List.of(new IdReference(PopulationKind.TPCW_CUSTOMERS, 1003)),
        RULES.references("/tpcw/TPCW_order_display_servlet?UNAME=OGBABARI&PASSWD=ogbabari"));
    assertEquals(List.of(), RULES.references("/tpcw/Images/img77/image_77.gif"));
    assertEquals(List.of(), RULES.references("/tpcw/TPCW_home_interaction?C_ID=abc"));
    assertEquals(List.of(new IdReference(PopulationKind.RUBIS_USERS, 4242)),
        RULES.references("/PHP/BuyNow.php?itemId=3&nickname=user4242&password=password4242"));
    assertEquals(List.of(new IdReference(PopulationKind.RUBIS_USERS, 9)), RULES.references(
        "/rubis_servlets/servlet/edu.rice.rubis.servlets.AboutMe?nickname=user9&password=password9"));
    // a new user's registration names a user beyond the dataset on purpose
    assertEquals(List.of(), RULES.references("/PHP/RegisterUser.php?firstname=Great1000123&lastname=User1000123"
        + "&nickname=user1000123&email=x&password=password1000123&region=AZ"));
  }

  @Test
  void tpcwCustomersBeyondTheBookstoreAreCountedAndNamed() {
    List<RequestRecord> records = new ArrayList<>();
    records.add(record("/tpcw/TPCW_home_interaction?C_ID=28799", 404));
    records.add(record("/tpcw/TPCW_home_interaction?C_ID=28799", 404)); // the RBE's retry
    records.add(record("/tpcw/TPCW_home_interaction?C_ID=1500", 404));
    records.add(record("/tpcw/TPCW_home_interaction?C_ID=999", 200));
    records.add(record("/tpcw/TPCW_shopping_cart_interaction?C_ID=1001&ADD_FLAG=N", 200)); // registered: served
    records.add(record("/tpcw/TPCW_product_detail_servlet?I_ID=42&C_ID=999", 200));
    records.add(record("/tpcw/Images/img42/image_42.gif", 200));
    Map<String, Long> statements = new LinkedHashMap<>();
    statements.put("customers=1000 items=10000", 6L);
    List<Population> found = PopulationCheck.judge(records, stating(statements, List.of()), RULES);
    assertEquals(List.of(
        new Population(PopulationKind.TPCW_CUSTOMERS, PopulationVerdict.BEYOND, 6, 3, 1000L, 3, 28_799, 1500L,
            PopulationSource.RECORDS, 6, 0),
        new Population(PopulationKind.TPCW_ITEMS, PopulationVerdict.WITHIN, 1, 0, 10_000L, 0, 42, null,
            PopulationSource.RECORDS, 6, 0)), found);
    assertEquals(List.of("3 of 6 requests asked for customer ids beyond the bookstore's 1,000 customers and were"
        + " refused (highest 28,799): start serve --tpcw --customers with the RBE's -CUST (at least 28799) or give"
        + " the RBE -CUST 1000 (counted from the generator's records of every phase, URL and status; the population"
        + " as the server stated it on 6 replies)",
        "all 1 requests naming item ids asked for ids within the bookstore's 10,000 items (highest 42) (counted from"
        + " the generator's records of every phase, URL and status; the population as the server stated it on 6"
        + " replies)"), PopulationSentences.of(found));

    // without a statement: counted, not judged
    List<Population> unstated = PopulationCheck.judge(records, stating(Map.of(), List.of()), RULES);
    assertEquals(PopulationVerdict.NOT_STATED, unstated.get(0).verdict());
    assertEquals("6 requests named customer ids (highest 28,799), 3 of them refused, the lowest refused 1,500; not"
        + " judged: the server stated no population (crosscheck's embedded sites state theirs in their Server"
        + " field) (counted from the generator's records of every phase, URL and status)",
        PopulationSentences.of(unstated).get(0));
  }

  @Test
  void rubisUsersBeyondTheDatasetAreCountedFromTheWireWithoutRecords() {
    List<WireExchange> exchanges = new ArrayList<>();
    String[] urls = {"/PHP/BuyNow.php?itemId=3&nickname=user250000&password=password250000",
        "/PHP/AboutMe.php?nickname=user10000&password=password10000",
        "/PHP/PutBid.php?itemId=4&nickname=user999999&password=password999999", "/PHP/index.html"};
    for (int i = 0; i < urls.length; i++) {
      exchanges.add(new WireExchange("127.0.0.1:5" + i, 0, "127.0.0.1:80", 0, false, -1, 10, 11, 20, 30, "GET",
          urls[i], 200, 100, 2000, ""));
    }
    List<Population> found = PopulationCheck.judge(null, stating(Map.of("users=10000", 4L), exchanges), RULES);
    assertEquals(List.of(new Population(PopulationKind.RUBIS_USERS, PopulationVerdict.BEYOND, 3, 0, 10_000L, 2,
        999_999, null, PopulationSource.WIRE, 4, 0)), found);
    assertEquals("2 of 3 requests asked for users beyond the auction site's 10,000 users (highest user999999): start"
        + " serve --rubis --users with the client's database_number_of_users (at least 999999) or set"
        + " database_number_of_users = 10000 in rubis.properties (counted from the wire's exchanges, URL and status;"
        + " the population as the server stated it on 4 replies)", PopulationSentences.of(found).get(0));
  }
}
