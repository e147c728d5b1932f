package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Routing of both URL spaces, the three faces of BrowseCategories, decoding, and config checks. */
class RubisRouterTest {
  private final RubisRouter router = new RubisRouter(UrlSpace.PHP, UrlSpace.SERVLETS, new Images());

  @Test
  void everyClientInteractionHasAPhpAndAServletsUrl() {
    for (RubisInteraction i : RubisInteraction.values()) {
      if (i.ordinal() >= RubisInteraction.CLIENT_INTERACTIONS) {
        continue;
      }
      String query = switch (i) {
        case BROWSE_CATEGORIES_IN_REGION -> "?region=AZ--Phoenix";
        case SELECT_CATEGORY_TO_SELL_ITEM -> "?nickname=user1&password=password1";
        default -> "";
      };
      for (UrlSpace space : new UrlSpace[] {UrlSpace.PHP, UrlSpace.SERVLETS}) {
        String path = i.isStaticPage() ? space.html(i.script()) : space.script(i.script()) + query;
        RubisRoute route = router.route(path);
        assertEquals(i, route.interaction(), path);
        assertSame(space, route.space(), path);
      }
    }
  }

  @Test
  void imagesAndUnknownPaths() {
    RubisRoute image = router.route("/rubis_servlets/bid_now.jpg");
    assertEquals(RubisInteraction.IMAGE, image.interaction());
    assertEquals("bid_now.jpg", image.imageName());
    assertEquals(RubisInteraction.NOT_FOUND, router.route("/PHP/nothing.jpg").interaction());
    assertEquals(RubisInteraction.NOT_FOUND, router.route("/other/ViewItem.php").interaction());
    assertEquals(RubisInteraction.NOT_FOUND, router.route("/").interaction());
    assertEquals(RubisInteraction.VIEW_ITEM, router.route("http://localhost:80/PHP/ViewItem.php?itemId=1").interaction());
  }

  @Test
  void queryStringsAreDecodedAndPricesParsed() {
    Params p = router.route("/PHP/RegisterItem.php?name=a+b%26c&description=x;y&initialPrice=12.5&quantity=3.0").params();
    assertEquals("a b&c", p.text("name"));
    assertEquals("x;y", p.text("description"));
    assertEquals(12.5f, p.decimal("initialPrice"));
    assertEquals(3, p.integer("quantity"));
    assertEquals(null, p.integer("initialPrice"));
    assertEquals("12.5", Html.price(12.5f));
    assertEquals("1000", Html.price(1000f));
  }

  @Test
  void referenceDataHas62RegionsAnd20CategoriesWithOneBasedIds() {
    ReferenceData data = ReferenceData.load();
    assertEquals(62, data.regions().size());
    assertEquals(20, data.categories().size());
    assertEquals("AZ--Phoenix", data.regionName(1));
    assertEquals(1, data.regionId("AZ--Phoenix"));
    assertEquals(0, data.regionId("Atlantis"));
    assertEquals("Antiques & Art", data.category(1).name());
    assertEquals(1374, data.category(1).fileItemCount());
    assertEquals(null, data.category(0));
  }

  @Test
  void invalidConfigurationNamesFieldValueAndExpectation() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RubisServerConfig.defaults().withPort(70000));
    assertEquals("port: 70000: expected 0..65535 (0 = ephemeral)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DatasetSize.defaults().withCounts(0, 10, 0));
    assertEquals("users: 0: expected >= 1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new UrlSpace(true, "PHP/", "/PHP"));
    assertTrue(e.getMessage().startsWith("htmlPath: \"PHP/\""), e.getMessage());
  }
}
