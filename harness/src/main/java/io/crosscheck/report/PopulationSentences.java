package io.crosscheck.report;

import io.crosscheck.rundir.Findings.Population;
import io.crosscheck.rundir.Findings.PopulationSource;
import io.crosscheck.rundir.PopulationKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link Population} findings as sentences, one per kind of id: how many requests asked for ids
 * beyond the population the server stated, the highest id asked for, and what to change (the
 * server's size option or the client's), followed by the evidence (records or wire, and how many
 * replies stated the population). Formats only; numbers in {@link Locale#ROOT}.
 */
public final class PopulationSentences {
  private PopulationSentences() {}

  /** One sentence per finding, in their order. */
  public static List<String> of(List<Population> populations) {
    List<String> out = new ArrayList<>();
    if (populations != null) {
      for (Population p : populations) {
        out.add(sentence(p) + " (" + evidence(p) + ")");
      }
    }
    return out;
  }

  /** The verdict and its numbers in words. */
  static String sentence(Population p) {
    Words w = Words.of(p.kind());
    return switch (p.verdict()) {
      case BEYOND -> String.format(Locale.ROOT, "%,d of %,d requests asked for %s beyond the %s's %,d %s%s"
          + " (highest %s): %s", p.beyond(), p.requests(), w.ids, w.site, p.population(), w.plural,
          p.kind().growsByRegistration() ? " and were refused" : "", w.id(p.highestId()),
          w.fix(p.population(), p.highestId()));
      case WITHIN -> String.format(Locale.ROOT, "all %,d requests naming %s asked for ids within the %s's %,d %s"
          + "%s (highest %s)", p.requests(), w.ids, w.site, p.population(), w.plural,
          // a kind that grows by registration (TPC-W customers) serves the ids registered during the run
          p.population() != null && p.highestId() > p.population() ? " or registered during the run" : "",
          w.id(p.highestId()));
      case NOT_STATED -> String.format(Locale.ROOT, "%,d requests named %s (highest %s)%s; not judged: the server"
          + " stated no population (crosscheck's embedded sites state theirs in their Server field)", p.requests(),
          w.ids, w.id(p.highestId()), p.refused() == 0 ? "" : String.format(Locale.ROOT,
              ", %,d of them refused, the lowest refused %s", p.refused(), w.id(p.lowestRefusedId())));
    };
  }

  private static String evidence(Population p) {
    String counted = p.source() == PopulationSource.RECORDS ? "the generator's records of every phase, URL and"
        + " status" : "the wire's exchanges, URL and status";
    if (p.population() == null) {
      return "counted from " + counted;
    }
    return String.format(Locale.ROOT, "counted from %s; the population as the server stated it on %,d replies%s",
        counted, p.statingReplies(), p.otherStatements() == 0 ? "" : String.format(Locale.ROOT,
            ", %d other values stated by fewer replies (a server restarted at another size?)", p.otherStatements()));
  }

  /** The words for one kind: its ids, its site, and the two ways to make client and server agree. */
  private record Words(PopulationKind kind, String ids, String site, String plural) {
    static Words of(PopulationKind kind) {
      return switch (kind) {
        case TPCW_CUSTOMERS -> new Words(kind, "customer ids", "bookstore", "customers");
        case TPCW_ITEMS -> new Words(kind, "item ids", "bookstore", "items");
        case RUBIS_USERS -> new Words(kind, "users", "auction site", "users");
      };
    }

    String id(Long id) {
      if (id == null) {
        return "none";
      }
      return kind == PopulationKind.RUBIS_USERS ? "user" + id : String.format(Locale.ROOT, "%,d", id);
    }

    String fix(long population, long highest) {
      return switch (kind) {
        case TPCW_CUSTOMERS -> String.format(Locale.ROOT, "start serve --tpcw --customers with the RBE's -CUST"
            + " (at least %d) or give the RBE -CUST %d", highest, population);
        case TPCW_ITEMS -> String.format(Locale.ROOT, "start serve --tpcw --items with the RBE's -ITEM (at least"
            + " %d) or give the RBE -ITEM %d", highest, population);
        case RUBIS_USERS -> String.format(Locale.ROOT, "start serve --rubis --users with the client's"
            + " database_number_of_users (at least %d) or set database_number_of_users = %d in rubis.properties",
            highest, population);
      };
    }
  }
}
