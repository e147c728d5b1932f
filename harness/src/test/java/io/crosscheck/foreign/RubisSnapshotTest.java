package io.crosscheck.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The query-free paths snapshot pages are written under, and the spec's checks. */
class RubisSnapshotTest {
  @Test
  void aQueryBecomesPartOfTheFileName() {
    assertEquals("/PHP/ViewItem-itemId-3.html", RubisSnapshot.staticPath("/PHP/ViewItem.php?itemId=3"));
    assertEquals("/PHP/SearchItemsByCategory-category-1-categoryName-Antiques_Art.html",
        RubisSnapshot.staticPath("/PHP/SearchItemsByCategory.php?category=1&categoryName=Antiques+%26+Art"));
    assertEquals("/PHP/BrowseCategories-region-CA_Los_Angeles.html",
        RubisSnapshot.staticPath("/PHP/BrowseCategories.php?region=CA--Los+Angeles"));
  }

  @Test
  void aPathWithoutAQueryKeepsItsNameAndPhpBecomesHtml() {
    assertEquals("/PHP/index.html", RubisSnapshot.staticPath("/PHP/index.html"));
    assertEquals("/PHP/BrowseCategories.html", RubisSnapshot.staticPath("/PHP/BrowseCategories.php"));
    assertEquals("/PHP/bid_now.jpg", RubisSnapshot.staticPath("/PHP/bid_now.jpg"));
  }

  @Test
  void theSpecTakesLoopbackAddressesOnly() {
    ForeignServerSpec spec = ForeignServerSpec.in(Path.of("/tmp/x"));
    assertEquals(Path.of("/tmp/x/docroot"), spec.docroot());
    assertEquals("127.0.0.1", spec.bindAddress());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> spec.withBindAddress("0.0.0.0"));
    assertEquals("bindAddress \"0.0.0.0\": expected a loopback address (127.x.y.z)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> spec.withPort(70000));
  }

  @Test
  void kindsAreSpelledAsTheStudyDoes() {
    assertEquals(ForeignServer.Kind.APACHE_PREFORK, ForeignServer.Kind.of("apache-prefork"));
    assertEquals("lighttpd", ForeignServer.Kind.LIGHTTPD.label());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ForeignServer.Kind.of("nginx"));
    assertEquals("\"nginx\": expected lighttpd or apache-prefork", e.getMessage());
  }
}
