package io.crosscheck.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
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
 * The listening half of crosscheck's HTTP/1.1 servers (the generic {@link EmbeddedServer} and the
 * RUBiS auction site): native epoll when available, one accept thread and {@code ioThreads} I/O
 * threads (daemon), every connection tracked so that {@link #close()} closes it, and per connection
 * {@code HttpServerCodec → HttpObjectAggregator → } the caller's handler, which gets its own split of
 * one seeded random source. Thread-safe.
 */
public final class HttpListener implements AutoCloseable {
  private static final int MAX_REQUEST_BODY_BYTES = 1 << 20;

  /** Makes the last handler of a new connection's pipeline. */
  @FunctionalInterface
  public interface HandlerFactory {
    ChannelHandler create(SplittableRandom random);
  }

  /** Told of every connection opened and closed. */
  public interface ConnectionCounter {
    void opened();

    void closed();
  }

  private final EventLoopGroup acceptGroup;
  private final EventLoopGroup ioGroup;
  private final ChannelGroup channels;
  private final Channel serverChannel;
  private final String transport;

  private HttpListener(EventLoopGroup acceptGroup, EventLoopGroup ioGroup, ChannelGroup channels,
      Channel serverChannel, String transport) {
    this.acceptGroup = acceptGroup;
    this.ioGroup = ioGroup;
    this.channels = channels;
    this.serverChannel = serverChannel;
    this.transport = transport;
  }

  /**
   * Binds and starts listening.
   *
   * @param name prefix of the thread names
   * @param maxInitialLineBytes longest request line accepted (RUBiS sends long query strings)
   * @throws IllegalStateException when the address cannot be bound (the message names it and why)
   */
  public static HttpListener bind(String name, String bindAddress, int port, int ioThreads, long seed,
      int maxInitialLineBytes, ConnectionCounter counter, HandlerFactory handlers) throws InterruptedException {
    boolean epoll = Epoll.isAvailable();
    EventLoopGroup acceptGroup = group(epoll, 1, name + "-accept");
    EventLoopGroup ioGroup = group(epoll, ioThreads, name + "-io");
    ChannelGroup channels = new DefaultChannelGroup(name, GlobalEventExecutor.INSTANCE);
    SplittableRandom seeds = new SplittableRandom(seed);
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(acceptGroup, ioGroup)
        .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
        .option(ChannelOption.SO_BACKLOG, 1024)
        .option(ChannelOption.SO_REUSEADDR, true)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            counter.opened();
            ch.closeFuture().addListener(f -> counter.closed());
            channels.add(ch);
            SplittableRandom random;
            synchronized (seeds) {
              random = seeds.split();
            }
            ch.pipeline()
                .addLast("http", new HttpServerCodec(maxInitialLineBytes, 16 * 1024, 8192))
                .addLast("aggregate", new HttpObjectAggregator(MAX_REQUEST_BODY_BYTES))
                .addLast("requests", handlers.create(random));
          }
        });
    ChannelFuture bound = bootstrap.bind(bindAddress, port).await();
    if (!bound.isSuccess()) {
      shutdown(acceptGroup, ioGroup);
      Throwable cause = bound.cause();
      throw new IllegalStateException(
          "cannot listen on " + bindAddress + ":" + port + ": " + cause.getMessage(), cause);
    }
    return new HttpListener(acceptGroup, ioGroup, channels, bound.channel(), epoll ? "epoll" : "nio");
  }

  /** The address listened on (with the ephemeral port chosen for port 0). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) serverChannel.localAddress();
  }

  public int port() {
    return localAddress().getPort();
  }

  /** {@code http://HOST:PORT}, without a trailing slash. */
  public String baseUrl() {
    String host = localAddress().getAddress().getHostAddress();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  /** {@code epoll} or {@code nio}. */
  public String transport() {
    return transport;
  }

  /** Stops listening, closes every open connection, and stops the threads. Idempotent. */
  @Override
  public void close() {
    serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    channels.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
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
