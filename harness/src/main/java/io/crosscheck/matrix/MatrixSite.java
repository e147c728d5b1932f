package io.crosscheck.matrix;

import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.spi.TpcwSupport;

/**
 * The embedded server a matrix without a target serves its cells from, in this process on
 * 127.0.0.1 (an ephemeral port) for the matrix's duration: the RUBiS auction site, the TPC-W
 * bookstore, or the generic server (also when the RUBiS or TPC-W module is not on the classpath).
 */
public final class MatrixSite implements AutoCloseable {
  /** Which site: asked for by {@code --rubis}, {@code --tpcw}, or neither. */
  public enum Kind {
    RUBIS("embedded RUBiS server (in-process)"),
    TPCW("embedded TPC-W bookstore (in-process)"),
    GENERIC("embedded generic server (in-process)");

    private final String description;

    Kind(String description) {
      this.description = description;
    }

    /** The site in words, as matrix.json's workload {@code target} and the console say it. */
    public String description() {
      return description;
    }
  }

  private final AutoCloseable server;
  private final int port;

  private MatrixSite(AutoCloseable server, int port) {
    this.server = server;
    this.port = port;
  }

  /** Starts the site of {@code kind}; the TPC-W bookstore with {@code customers} and {@code items}. */
  public static MatrixSite start(Kind kind, int customers, int items) throws Exception {
    if (kind == Kind.RUBIS) {
      RubisSupport rubis = RubisSupport.find().orElse(null);
      if (rubis != null) {
        EmbeddedSite site = rubis.startServer("127.0.0.1", 0, false);
        return new MatrixSite(site, site.port());
      }
    }
    if (kind == Kind.TPCW) {
      TpcwSupport tpcw = TpcwSupport.find().orElse(null);
      if (tpcw != null) {
        EmbeddedSite site = tpcw.startServer("127.0.0.1", 0, false, customers, items);
        return new MatrixSite(site, site.port());
      }
    }
    EmbeddedServer generic = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
    return new MatrixSite(generic, generic.port());
  }

  /** The port on 127.0.0.1. */
  public int port() {
    return port;
  }

  @Override
  public void close() throws Exception {
    server.close();
  }
}
