package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded server for a test class, on an ephemeral loopback port: started before the class's
 * tests (after its assumptions hold), closed after them. Register it as a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EmbeddedServerExtension server = new EmbeddedServerExtension();
 * ... CliRun.run(out, "run", "--target", server.target(), ...); server.connectionsAccepted() ...
 * }</pre>
 *
 * <p>Its {@code beforeAll} runs before the class's own {@code @BeforeAll} methods and its {@code
 * afterAll} after the class's {@code @AfterAll} methods (JUnit's order for static extension
 * fields). Not thread-safe to configure; the server's counters are.
 */
public final class EmbeddedServerExtension implements BeforeAllCallback, AfterAllCallback {
  private record Assumption(BooleanSupplier holds, String otherwise) {}

  private final ServerConfig config;
  private final List<Assumption> assumptions = new ArrayList<>();
  private EmbeddedServer server;

  /** The default embedded server ({@link ServerConfig#defaults()}) on an ephemeral port. */
  public EmbeddedServerExtension() {
    this(ServerConfig.defaults().withPort(0));
  }

  public EmbeddedServerExtension(ServerConfig config) {
    this.config = config;
  }

  /**
   * Skips the class (JUnit assumption, checked in order before the server starts) unless {@code
   * holds}; {@code otherwise} says why, e.g. "tshark is not installed".
   */
  public EmbeddedServerExtension assuming(BooleanSupplier holds, String otherwise) {
    assumptions.add(new Assumption(holds, otherwise));
    return this;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    for (Assumption a : assumptions) {
      assumeTrue(a.holds().getAsBoolean(), a.otherwise());
    }
    server = EmbeddedServer.start(config);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** The running server; fails outside the class's lifetime. */
  public EmbeddedServer server() {
    if (server == null) {
      throw new IllegalStateException("the embedded server is not running (used outside its test class?)");
    }
    return server;
  }

  public int port() {
    return server().port();
  }

  /** {@code http://127.0.0.1:PORT}, the target of a CLI run. */
  public String target() {
    return "http://127.0.0.1:" + port();
  }

  /** TCP connections the server accepted since it started. */
  public long connectionsAccepted() {
    return server().connectionsAccepted();
  }

  /** Complete responses the server sent since it started (see {@link EmbeddedServer#requestsServed()}). */
  public long requestsServed() {
    return server().requestsServed();
  }
}
