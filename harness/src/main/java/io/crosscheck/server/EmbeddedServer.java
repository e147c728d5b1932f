package io.crosscheck.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The embedded HTTP/1.1 server that crosscheck's engines and tests run against: generated content
 * of any size ({@code /static/SIZE}, {@code /chunked/SIZE}, {@code /close/SIZE}), deliberate faults
 * ({@code /fault/...}) and a configurable {@link ServiceDemand}. It sits beside the spine, as the
 * "real server" of DESIGN.md: its {@linkplain #connectionsAccepted() counters} are the independent
 * truth a client's own accounting is checked against.
 *
 * <p>Netty, native epoll when available, else NIO; keep-alive by default, honouring {@code
 * Connection: close} and HTTP/1.0. Listens on 127.0.0.1 unless configured otherwise. Logs nothing
 * per request unless {@link ServerConfig#logRequests()}.
 *
 * <p>Thread-safe. {@link #close()} closes every open connection and stops the server's threads
 * (all daemon threads).
 */
public final class EmbeddedServer implements AutoCloseable {
  /** The paths the server answers, for banners and help texts. */
  public static final String PATHS = Route.PATHS;

  private static final int MAX_REQUEST_BODY_BYTES = 1 << 20;

  private final ServerConfig config;
  private final ServerCounters counters;
  private final EventLoopGroup acceptGroup;
  private final EventLoopGroup ioGroup;
  private final DemandExecutor demandExecutor;
  private final ChannelGroup channels;
  private final Channel serverChannel;
  private final String transport;

  private EmbeddedServer(
      ServerConfig config,
      ServerCounters counters,
      EventLoopGroup acceptGroup,
      EventLoopGroup ioGroup,
      DemandExecutor demandExecutor,
      ChannelGroup channels,
      Channel serverChannel,
      String transport) {
    this.config = config;
    this.counters = counters;
    this.acceptGroup = acceptGroup;
    this.ioGroup = ioGroup;
    this.demandExecutor = demandExecutor;
    this.channels = channels;
    this.serverChannel = serverChannel;
    this.transport = transport;
  }

  /**
   * Binds and starts a server; returns once it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static EmbeddedServer start(ServerConfig config) throws InterruptedException {
    boolean epoll = Epoll.isAvailable();
    EventLoopGroup acceptGroup = group(epoll, 1, "crosscheck-server-accept");
    EventLoopGroup ioGroup = group(epoll, config.ioThreads(), "crosscheck-server-io");
    Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    ServerCounters counters = new ServerCounters();
    DemandExecutor demandExecutor = new DemandExecutor(config.demandMode(), config.workers(), config.queueCapacity());
    ContentCache content = new ContentCache();
    ServerParts parts =
        new ServerParts(
            new ContentResponder(content, counters),
            new FaultResponder(content),
            config.demand(),
            demandExecutor,
            counters,
            config.logRequests() ? System.err : null,
            config.workers(),
            config.queueCapacity());
    ChannelGroup channels = new DefaultChannelGroup("crosscheck-server", GlobalEventExecutor.INSTANCE);
    SplittableRandom seeds = new SplittableRandom(config.seed());

    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(acceptGroup, ioGroup)
            .channel(channelType)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    counters.connectionAccepted();
                    ch.closeFuture().addListener(f -> counters.connectionClosed());
                    channels.add(ch);
                    SplittableRandom random;
                    synchronized (seeds) {
                      random = seeds.split();
                    }
                    ch.pipeline()
                        .addLast("http", new HttpServerCodec())
                        .addLast("aggregate", new HttpObjectAggregator(MAX_REQUEST_BODY_BYTES))
                        .addLast("requests", new RequestHandler(parts, random));
                  }
                });
    ChannelFuture bound = bootstrap.bind(config.bindAddress(), config.port()).await();
    if (!bound.isSuccess()) {
      demandExecutor.close();
      shutdown(acceptGroup, ioGroup);
      Throwable cause = bound.cause();
      throw new IllegalStateException(
          "cannot listen on " + config.bindAddress() + ":" + config.port() + ": " + cause.getMessage(), cause);
    }
    return new EmbeddedServer(
        config, counters, acceptGroup, ioGroup, demandExecutor, channels, bound.channel(), epoll ? "epoll" : "nio");
  }

  /** The TCP port the server listens on (the ephemeral port chosen when configured with 0). */
  public int port() {
    return ((InetSocketAddress) serverChannel.localAddress()).getPort();
  }

  /** The address the server listens on. */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) serverChannel.localAddress();
  }

  /** {@code http://HOST:PORT}, without a trailing slash. */
  public String baseUrl() {
    String host = localAddress().getAddress().getHostAddress();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  /** The configuration the server was started with. */
  public ServerConfig config() {
    return config;
  }

  /** {@code epoll} or {@code nio}: the Netty transport in use. */
  public String transport() {
    return transport;
  }

  /** TCP connections accepted since start. */
  public long connectionsAccepted() {
    return counters.connectionsAccepted();
  }

  /**
   * Complete HTTP responses sent since start, of any status (404, 503 included); faults that do
   * not answer (stall, reset, garbage, close-mid-body) are not counted. A response is counted
   * before its first byte is written, so a client that has read it sees it counted.
   */
  public long requestsServed() {
    return counters.requestsServed();
  }

  /**
   * Connections accepted and not yet closed on the server's side. A client that has seen the
   * server close may still briefly see the connection counted.
   */
  public long openConnections() {
    return counters.openConnections();
  }

  /** Stops listening, closes every open connection, and stops the server's threads. Idempotent. */
  @Override
  public void close() {
    serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    channels.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    demandExecutor.close();
    shutdown(acceptGroup, ioGroup);
  }

  private static EventLoopGroup group(boolean epoll, int threads, String name) {
    DefaultThreadFactory threadFactory = new DefaultThreadFactory(name, true);
    return epoll ? new EpollEventLoopGroup(threads, threadFactory) : new NioEventLoopGroup(threads, threadFactory);
  }

  private static void shutdown(EventLoopGroup... groups) {
    for (EventLoopGroup g : groups) {
      g.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    }
    for (EventLoopGroup g : groups) {
      g.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
  }
}
