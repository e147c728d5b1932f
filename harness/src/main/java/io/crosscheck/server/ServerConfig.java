package io.crosscheck.server;

/** SKELETON. */
public record ServerConfig(String bindAddress, int port) {
  public static ServerConfig defaults() {
    return new ServerConfig("127.0.0.1", 8080);
  }

  public ServerConfig withPort(int p) {
    return new ServerConfig(bindAddress, p);
  }
}
