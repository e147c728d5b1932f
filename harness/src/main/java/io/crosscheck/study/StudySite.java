package io.crosscheck.study;

import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerException;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.foreign.RubisSnapshot;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.spi.RubisSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The studies' site: the static snapshot of the embedded RUBiS server's pages ({@link
 * RubisSnapshot}) in {@code SITE/docroot} with its page list {@code SITE/urls.txt} (a {@code
 * --url-file}), written once per study directory (a resumed study reuses it), and the foreign
 * servers that serve it.
 */
final class StudySite {
  static final String URLS_TXT = "urls.txt";

  private StudySite() {}

  /** The snapshot's page paths, writing {@code site} first when it has no complete snapshot yet. */
  static List<String> snapshot(Path site) throws IOException {
    Path urls = site.resolve(URLS_TXT);
    if (Files.isRegularFile(urls)) {
      return Files.readAllLines(urls, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    }
    RubisSupport rubis = RubisSupport.find().orElseThrow(() -> new IOException(
        "the rubis-compat module is not on the classpath (run ./crosscheck): the study serves its pages"));
    RubisSnapshot snap = RubisSnapshot.write(rubis, FlashCrowdStudy.docroot(site));
    // urls.txt last and atomically: its presence says the snapshot is complete
    JsonFiles.writeAtomically(urls, (String.join("\n", snap.pages()) + "\n").getBytes(StandardCharsets.UTF_8));
    return snap.pages();
  }

  /** A foreign server of {@code kind} as {@code spec} says; its one-line failure as an IOException. */
  static ForeignServer start(String kind, ForeignServerSpec spec) throws IOException {
    try {
      return ForeignServer.start(ForeignServer.Kind.of(kind), spec);
    } catch (ForeignServerException e) {
      throw new IOException(e.getMessage(), e);
    }
  }
}
