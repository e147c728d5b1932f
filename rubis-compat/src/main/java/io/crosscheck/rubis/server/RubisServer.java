package io.crosscheck.rubis.server;

import io.crosscheck.server.DemandExecutor;
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
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * An embedded RUBiS-compatible auction site: a Netty HTTP/1.1 server that answers the 27
 * interactions of the RUBiS 1.4.x client in both its PHP and its Servlets URL spaces, from an
 * in-memory database generated at start-up ({@link DatasetSize}), with real writes (users, items,
 * bids, comments, purchases). It sits beside the spine as the "real server" of self-contained
 * RUBiS runs; its {@linkplain #counters() counters} are the truth a client's accounting is held
 * against.
 *
 * <p>Each interaction has its own {@link io.crosscheck.server.ServiceDemand}, spent as the
 * harness's embedded server spends it ({@link io.crosscheck.server.DemandMode}: a timer, or busy
 * workers with a bounded queue and 503 when it is full). Native epoll when available, else NIO;
 * keep-alive; listens on 127.0.0.1 unless configured otherwise; logs nothing per request unless
 * asked. Thread-safe; {@link #close()} closes every connection and stops every thread (all
 * daemon threads).
 */
public final class RubisServer implements AutoCloseable {
  /** What every connection of one server shares; all parts are thread-safe. */
  record Parts(RubisServerConfig config, RubisRouter router, RubisSite site, DemandExecutor demandExecutor,
      RubisCounters counters, PrintStream log) {}

  /** Request line, headers and query strings (long descriptions) may be this long. */
  private static final int MAX_INITIAL_LINE_BYTES = 64 * 1024;
  private static final int MAX_REQUEST_BODY_BYTES = 1 << 20;

  private final Parts parts;
  private final EventLoopGroup acceptGroup;
  private final EventLoopGroup ioGroup;
  private final ChannelGroup channels;
  private final Channel serverChannel;

  private RubisServer(Parts parts, EventLoopGroup acceptGroup, EventLoopGroup ioGroup, ChannelGroup channels,
      Channel serverChannel) {
    this.parts = parts;
    this.acceptGroup = acceptGroup;
    this.ioGroup = ioGroup;
    this.channels = channels;
    this.serverChannel = serverChannel;
  }

  /**
   * Generates the database, binds and starts the server; returns once it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static RubisServer start(RubisServerConfig config) throws InterruptedException {
    long nowEpochSeconds = System.currentTimeMillis() / 1000;
    AuctionStore store = AuctionGenerator.generate(config.dataset(), ReferenceData.load(), nowEpochSeconds);
    Images images = new Images();
    RubisSite site = new RubisSite(store, config.php(), config.servlets(), images,
        () -> System.currentTimeMillis() / 1000);
    RubisCounters counters = new RubisCounters();
    DemandExecutor demandExecutor = new DemandExecutor(config.demandMode(), config.workers(), config.queueCapacity());
    Parts parts = new Parts(config, new RubisRouter(config.php(), config.servlets(), images), site, demandExecutor,
        counters, config.logRequests() ? System.err : null);

    boolean epoll = Epoll.isAvailable();
    EventLoopGroup acceptGroup = group(epoll, 1, "crosscheck-rubis-accept");
    EventLoopGroup ioGroup = group(epoll, config.ioThreads(), "crosscheck-rubis-io");
    Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    ChannelGroup channels = new DefaultChannelGroup("crosscheck-rubis", GlobalEventExecutor.INSTANCE);
    SplittableRandom seeds = new SplittableRandom(config.seed());
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(acceptGroup, ioGroup)
        .channel(channelType)
        .option(ChannelOption.SO_BACKLOG, 1024)
        .option(ChannelOption.SO_REUSEADDR, true)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
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
                .addLast("http", new HttpServerCodec(MAX_INITIAL_LINE_BYTES, 16 * 1024, 8192))
                .addLast("aggregate", new HttpObjectAggregator(MAX_REQUEST_BODY_BYTES))
                .addLast("rubis", new RubisHandler(parts, random));
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
    return new RubisServer(parts, acceptGroup, ioGroup, channels, bound.channel());
  }

  /** The TCP port the server listens on (the ephemeral port chosen when configured with 0). */
  public int port() {
    return ((InetSocketAddress) serverChannel.localAddress()).getPort();
  }

  /** {@code http://HOST:PORT}, without a trailing slash. */
  public String baseUrl() {
    String host = ((InetSocketAddress) serverChannel.localAddress()).getAddress().getHostAddress();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  /** The configuration the server was started with. */
  public RubisServerConfig config() {
    return parts.config();
  }

  /** Connections accepted and replies per interaction since start. */
  public RubisCounters counters() {
    return parts.counters();
  }

  /** TCP connections accepted since start (shortcut for {@code counters().connectionsAccepted()}). */
  public long connectionsAccepted() {
    return parts.counters().connectionsAccepted();
  }

  /** Users in the database now (generated and registered). */
  public int userCount() {
    return parts.site().store().userCount();
  }

  /** Items in the database now (on sale, old and registered). */
  public int itemCount() {
    return parts.site().store().itemCount();
  }

  /** Stops listening, closes every open connection, and stops the server's threads. Idempotent. */
  @Override
  public void close() {
    serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    channels.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    parts.demandExecutor().close();
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
