package io.crosscheck.spi;

import io.crosscheck.rundir.PopulationKind;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Which id of a server's database a request names (a TPC-W customer in {@code C_ID=}, a RUBiS user
 * in {@code nickname=user<N>}...), so that the comparison can count requests for ids beyond the
 * population the server holds. Implemented by the compatibility module (found with {@link
 * ServiceLoader}), which knows its clients' URLs. Thread-safe and stateless.
 */
public interface IdReferences {
  /**
   * The ids {@code url} (a path with its query, or an absolute URL) names, at most one per kind;
   * empty when it names none.
   */
  List<IdReference> references(String url);

  /**
   * @param kind which ids
   * @param id the id, in the numbering the server states its population in (1..population)
   */
  record IdReference(PopulationKind kind, long id) {}

  /** The implementation on the classpath, if any. */
  static Optional<IdReferences> find() {
    return ServiceLoader.load(IdReferences.class).findFirst();
  }
}
