package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TpcwImagesTest {
  @Test
  void imagesAreFoundInTheRbesScanOrder() throws Exception {
    String page = "<IMG SRC=\"a.gif\"><INPUT TYPE=\"IMAGE\" SRC=\"b.gif\"><IMG ALT=x SRC=\"c.gif\">"
        // an unquoted SRC takes the next quoted one (TPCW_product_detail_servlet:90 loses its image)
        + "<IMG SRC=d.gif ALT=\"x\"><P SRC=\"e.gif\">";
    TpcwScanner.Images found = TpcwScanner.images(page);
    assertEquals(List.of("a.gif", "c.gif", "e.gif", "b.gif"), found.sources());
    assertEquals(false, found.imgWithoutSrc());
    assertThrows(TpcwScanner.Death.class, () -> TpcwScanner.images("<IMG SRC=\"open"));
  }

  @Test
  void theRbeOpensTheLastConImagesFirst() {
    List<String> ten = List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
    assertEquals(List.of("6", "7", "8", "9", "2", "3", "4", "5", "0", "1"),
        TpcwImages.openingOrder(ten, 4));
    assertEquals(ten, TpcwImages.openingOrder(ten, 10));
    assertEquals(List.of("9", "8", "7", "6", "5", "4", "3", "2", "1", "0"),
        TpcwImages.openingOrder(ten, 1));
  }

  @Test
  void imageAndThumbUrlsAreRewrittenAsImageReaderDoes() throws Exception {
    assertEquals("/tpcw/Images/img5/thumb_105.gif",
        TpcwScanner.rewriteImage("/tpcw/Images/img1/thumb_105.gif"));
    assertEquals("../tpcw/img37/image_1237.gif", TpcwScanner.rewriteImage("../tpcw/img/image_1237.jpg"));
    assertEquals("/tpcw/Images/logo.gif", TpcwScanner.rewriteImage("/tpcw/Images/logo.gif"));
    // no "/img" before it ("/Images" does not match): the RBE's substring(0, -1) throws
    TpcwScanner.Death noImg = assertThrows(TpcwScanner.Death.class,
        () -> TpcwScanner.rewriteImage("/tpcw/Images/thumb_105.gif"));
    assertTrue(noImg.getMessage().contains("no /img"), noImg.getMessage());
    assertTrue(assertThrows(TpcwScanner.Death.class,
        () -> TpcwScanner.rewriteImage("/img/thumb_x.gif")).malformedNumber());
  }

  @Test
  void referencesResolveAgainstThePageUrl() {
    String page = "/tpcw/TPCW_home_interaction;jsessionid=S1?C_ID=5";
    assertEquals("/tpcw/Images/a.gif", TpcwImages.resolve(page, "../tpcw/Images/a.gif"));
    assertEquals("/tpcw/Images/a.gif", TpcwImages.resolve(page, "Images/a.gif"));
    assertEquals("/x/a.gif?v=1", TpcwImages.resolve(page, "/x/./y/../a.gif?v=1#top"));
    assertEquals("/a.gif", TpcwImages.resolve(page, "http://other:8080/a.gif"));
    assertEquals("/a.gif", TpcwImages.resolve(page, "//other/a.gif"));
    assertEquals("/tpcw/TPCW_home_interaction;jsessionid=S1?x", TpcwImages.resolve(page, "?x"));
    assertNull(TpcwImages.resolve(page, "javascript:void(0)"));
  }
}
