package io.crosscheck.rubis.spi;

import io.crosscheck.rubis.RubisFlavour;
import io.crosscheck.rubis.RubisState;
import io.crosscheck.rubis.RubisUrls;
import io.crosscheck.spi.PageStates;
import io.crosscheck.tpcw.TpcwState;
import java.util.function.UnaryOperator;

/**
 * The page states of the module's two sites for the workload audit: TPC-W's interaction whose servlet
 * a target names ({@code tpcw}), and RUBiS's state of a client's URLs ({@code
 * rubis:FLAVOUR:HTML_PATH:SCRIPT_PATH}, {@link #rubisSite}).
 */
public final class SitePageStates implements PageStates {
  @Override
  public UnaryOperator<String> classifier(String site) {
    if (site.equals("tpcw")) {
      return target -> {
        TpcwState s = TpcwState.ofTarget(target);
        return s == null ? null : s.label();
      };
    }
    if (site.startsWith("rubis:")) {
      String[] parts = site.split(":", 4);
      if (parts.length != 4) {
        return null;
      }
      RubisFlavour flavour = RubisFlavour.fromProperty(parts[1]);
      if (flavour == null) {
        return null;
      }
      RubisUrls urls = new RubisUrls(flavour, parts[2], parts[3]);
      return target -> {
        RubisState s = urls.stateOf(target);
        return s == null ? null : s.label();
      };
    }
    return null;
  }

  /** The site name of a RUBiS client's URLs. */
  public static String rubisSite(RubisFlavour flavour, String htmlPath, String scriptPath) {
    return "rubis:" + flavour.propertyValue() + ":" + htmlPath + ":" + scriptPath;
  }
}
