package io.crosscheck.server;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * Small real images an embedded site serves in place of its reference images: a plain colour
 * block with a horizontal band across its middle third (no fonts needed, so it works headless),
 * encoded with the JDK's {@link ImageIO}. Stateless, thread-safe.
 */
public final class PlaceholderImage {
  /** The encodings sites need, each with the raster type it is drawn on. */
  public enum Format {
    /** GIF, drawn on an indexed-colour raster. */
    GIF(BufferedImage.TYPE_BYTE_INDEXED, "gif", "GIF"),
    /** JPEG, drawn on an RGB raster. */
    JPEG(BufferedImage.TYPE_INT_RGB, "jpg", "JPEG");

    private final int imageType;
    private final String writerName;
    private final String label;

    Format(int imageType, String writerName, String label) {
      this.imageType = imageType;
      this.writerName = writerName;
      this.label = label;
    }
  }

  private PlaceholderImage() {}

  /**
   * The encoded bytes of a {@code width} x {@code height} image filled with {@code background},
   * with a {@code band}-coloured rectangle from 1/10 to 9/10 of the width and over the middle third
   * of the height. Throws {@link IllegalStateException} when the JDK has no writer for {@code
   * format}.
   */
  public static byte[] banded(Format format, int width, int height, Color background, Color band) {
    BufferedImage image = new BufferedImage(width, height, format.imageType);
    Graphics2D g = image.createGraphics();
    try {
      g.setColor(background);
      g.fillRect(0, 0, width, height);
      g.setColor(band);
      g.fillRect(width / 10, height / 3, width * 8 / 10, height / 3);
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, format.writerName, out)) {
        throw new IllegalStateException("no " + format.label + " writer in this JDK");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
