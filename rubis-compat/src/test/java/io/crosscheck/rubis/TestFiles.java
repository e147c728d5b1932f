package io.crosscheck.rubis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The shipped RUBiS files copied under test resources {@code rubis/} (see SOURCES.md there). */
final class TestFiles {
  private TestFiles() {}

  static Path path(String relative) {
    try {
      return Path.of(TestFiles.class.getResource("/rubis/" + relative).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static String text(String relative) {
    try {
      return Files.readString(path(relative), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path write(Path dir, String name, String text) {
    try {
      return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TransitionTable table(String name) {
    try {
      return TransitionTable.read(path("workload/" + name), 29, 27);
    } catch (RubisInputException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  /** A session configuration over the shipped files: PHP paths, table-driven think times. */
  static RubisSessionConfig config(String table, RubisFlavour flavour) {
    try {
      RubisProperties p = RubisProperties.read(
          path("properties-examples/Servlets.properties/rubis.properties_100"));
      RubisSessionConfig c = RubisSessionConfig.of(p, table(table), flavour);
      String html = flavour == RubisFlavour.PHP ? "/PHP" : p.htmlPath(flavour);
      String script = flavour == RubisFlavour.PHP ? "/PHP" : p.scriptPath(flavour);
      return new RubisSessionConfig(flavour, html, script, c.table(), false, c.maxTransitions(),
          c.itemsPerPage(), c.numberOfUsers(), c.regions(), c.categories(), c.totalActiveItems(),
          c.oldItems(), c.percentUniqueItems(), c.percentReservePrice(), c.percentBuyNow(),
          c.maxItemQuantity(), c.itemDescriptionLength(), c.commentMaxLength());
    } catch (RubisInputException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }
}
