package io.crosscheck.server;

/** SKELETON. */
public final class EmbeddedServer implements AutoCloseable {
  private EmbeddedServer() {}

  public static EmbeddedServer start(ServerConfig config) throws InterruptedException {
    throw new UnsupportedOperationException("skeleton");
  }

  public int port() {
    throw new UnsupportedOperationException("skeleton");
  }

  @Override
  public void close() {}
}
