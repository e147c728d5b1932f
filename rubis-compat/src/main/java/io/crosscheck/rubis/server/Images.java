package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import io.crosscheck.server.PlaceholderImage;
import java.awt.Color;
import java.util.Map;

/**
 * The images RUBiS's pages reference ({@code RUBiS_logo.jpg}, {@code bid_now.jpg}, {@code
 * buy_it_now.jpg}), generated once at start-up as small real JPEGs of the originals' sizes
 * (plain colour blocks: no fonts needed, so it works headless). Served under each URL space's
 * HTML path with {@code Content-Type: image/jpeg}. Immutable, thread-safe.
 */
final class Images {
  static final String CONTENT_TYPE = "image/jpeg";

  private final Map<String, PageReply> images;

  Images() {
    images = Map.of(
        Html.LOGO, jpeg(150, 50, new Color(0x33, 0x66, 0x99), new Color(0xFF, 0xCC, 0x00)),
        Html.BID_NOW, jpeg(90, 22, new Color(0x00, 0x66, 0x00), Color.WHITE),
        Html.BUY_IT_NOW, jpeg(150, 22, new Color(0xCC, 0x33, 0x00), Color.WHITE));
  }

  /** The image named {@code fileName} (no directory), or null when there is none. */
  PageReply image(String fileName) {
    return images.get(fileName);
  }

  /** Whether {@code fileName} is one of the served images. */
  boolean has(String fileName) {
    return images.containsKey(fileName);
  }

  private static PageReply jpeg(int width, int height, Color background, Color band) {
    return new PageReply(200, CONTENT_TYPE, PlaceholderImage.banded(PlaceholderImage.Format.JPEG, width, height, background, band));
  }
}
