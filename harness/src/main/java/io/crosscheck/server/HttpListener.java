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
import io.netty.channel.socket.InternetProtocolFamily;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The listening half of crosscheck's HTTP/1.1 servers (the generic {@link EmbeddedServer} and the
 * RUBiS auction site): native epoll when available, one accept thread and {@code ioThreads} I/O
 * threads (daemon), every connection tracked so that {@link #close()} closes it, and per connection
 * {@code HttpServerCodec → HttpObjectAggregator → } the caller's handler, which gets its own split of
 * one seeded random source. Every listener enforces {@link ConnectionLimits}: a connection idle
 * between requests for the keep-alive timeout is closed ({@link KeepAliveGuard}), connections
 * beyond the cap are closed at once, and a failed {@code accept()} (EMFILE, ENFILE) pauses
 * accepting briefly instead of ending it ({@link AcceptGuard}); each is counted. An IPv4 bind address (the default, 127.0.0.1) gets an IPv4 socket, so
 * the listener is never reachable over IPv6 (the epoll transport otherwise opens a dual-stack IPv6
 * socket: {@code 0.0.0.0} listened on every IPv6 address too); an IPv6 address gets an IPv6 socket.
 * Thread-safe.
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

    /** An accepted connection was closed at once: the cap's connections were open. */
    void shed();

    /** A connection idle between requests was closed by the keep-alive timeout. */
    void closedIdle();

    /** {@code accept()} failed (EMFILE, ENFILE...); it is retried after a pause. */
    void acceptFailed();
  }

  private final EventLoopGroup acceptGroup;
  private final EventLoopGroup ioGroup;
  private final ChannelGroup channels;
  private final Channel serverChannel;
  private final String transport;
  private final ConnectionLimits limits;

  private HttpListener(EventLoopGroup acceptGroup, EventLoopGroup ioGroup, ChannelGroup channels,
      Channel serverChannel, String transport, ConnectionLimits limits) {
    this.acceptGroup = acceptGroup;
    this.ioGroup = ioGroup;
    this.channels = channels;
    this.serverChannel = serverChannel;
    this.transport = transport;
    this.limits = limits;
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
    return bind(name, bindAddress, port, ioThreads, seed, maxInitialLineBytes, counter, handlers, false);
  }

  /**
   * As above; with {@code reusePort} the socket listens with SO_REUSEPORT (epoll only), so that
   * several processes share the port and the kernel spreads connections over them.
   */
  public static HttpListener bind(String name, String bindAddress, int port, int ioThreads, long seed,
      int maxInitialLineBytes, ConnectionCounter counter, HandlerFactory handlers, boolean reusePort)
      throws InterruptedException {
    return bind(name, bindAddress, port, ioThreads, seed, maxInitialLineBytes, counter, handlers, reusePort,
        ConnectionLimits.defaults());
  }

  /**
   * As above, with the given keep-alive timeout and connection cap. Failed accepts are reported on
   * stderr, one line per second at most, each line starting with {@code name}.
   */
  public static HttpListener bind(String name, String bindAddress, int port, int ioThreads, long seed,
      int maxInitialLineBytes, ConnectionCounter counter, HandlerFactory handlers, boolean reusePort,
      ConnectionLimits limits) throws InterruptedException {
    ErrorPathPreload.ensure();
    boolean epoll = Epoll.isAvailable();
    InetAddress address;
    try {
      address = InetAddress.getByName(bindAddress);
    } catch (UnknownHostException e) {
      throw new IllegalStateException("cannot listen on " + bindAddress + ":" + port
          + ": unknown host; expected an IP address such as 127.0.0.1", e);
    }
    InternetProtocolFamily family = address instanceof Inet4Address
        ? InternetProtocolFamily.IPv4 : InternetProtocolFamily.IPv6;
    EventLoopGroup acceptGroup = group(epoll, 1, name + "-accept");
    EventLoopGroup ioGroup = group(epoll, ioThreads, name + "-io");
    ChannelGroup channels = new DefaultChannelGroup(name, GlobalEventExecutor.INSTANCE);
    SplittableRandom seeds = new SplittableRandom(seed);
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(acceptGroup, ioGroup)
        .channelFactory(() -> epoll ? new EpollServerSocketChannel(family)
            : new NioServerSocketChannel(java.nio.channels.spi.SelectorProvider.provider(), family))
        .option(ChannelOption.SO_BACKLOG, 1024)
        .option(ChannelOption.SO_REUSEADDR, true)
        .handler(new AcceptGuard(name, System.err, counter, limits.maxConnections(), System::nanoTime))
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
            long idleNanos = limits.keepAliveTimeoutNanos();
            if (idleNanos > 0) {
              // observeOutput: a long reply the client is still reading is not idle
              ch.pipeline().addLast("idle", new IdleStateHandler(true, 0, 0, idleNanos, TimeUnit.NANOSECONDS));
            }
            ch.pipeline()
                .addLast("http", new HttpServerCodec(maxInitialLineBytes, 16 * 1024, 8192))
                .addLast("aggregate", new HttpObjectAggregator(MAX_REQUEST_BODY_BYTES));
            if (idleNanos > 0) {
              ch.pipeline().addLast("keep-alive", new KeepAliveGuard(counter));
            }
            ch.pipeline().addLast("requests", handlers.create(random));
          }
        });
    if (epoll && reusePort) {
      bootstrap.option(io.netty.channel.epoll.EpollChannelOption.SO_REUSEPORT, true);
    }
    ChannelFuture bound = bootstrap.bind(new InetSocketAddress(address, port)).await();
    if (!bound.isSuccess()) {
      shutdown(acceptGroup, ioGroup);
      Throwable cause = bound.cause();
      throw new IllegalStateException(
          "cannot listen on " + bindAddress + ":" + port + ": " + cause.getMessage(), cause);
    }
    return new HttpListener(acceptGroup, ioGroup, channels, bound.channel(), epoll ? "epoll" : "nio", limits);
  }

  /** The keep-alive timeout and connection cap this listener enforces. */
  public ConnectionLimits limits() {
    return limits;
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

  /**
   * Every {@code address:port} this listener can be reached on: the bound address, or for a
   * wildcard ({@code 0.0.0.0}, {@code ::}) every address of that family on this host's interfaces.
   */
  public List<String> reachableAddresses() {
    InetSocketAddress local = localAddress();
    InetAddress bound = local.getAddress();
    List<String> all = new ArrayList<>();
    if (!bound.isAnyLocalAddress()) {
      all.add(hostPort(bound, local.getPort()));
      return all;
    }
    try {
      for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        for (InetAddress a : Collections.list(nif.getInetAddresses())) {
          // an IPv6 wildcard socket (dual-stack) takes IPv4 connections too; an IPv4 one only IPv4
          if (!(bound instanceof Inet4Address) || a instanceof Inet4Address) {
            all.add(hostPort(a, local.getPort()));
          }
        }
      }
    } catch (SocketException e) {
      all.add(hostPort(bound, local.getPort()) + " (every address of this host)");
    }
    return all;
  }

  private static String hostPort(InetAddress a, int port) {
    String host = a.getHostAddress();
    int scope = host.indexOf('%');
    if (scope >= 0) {
      host = host.substring(0, scope); // the interface name is not part of a URL
    }
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
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
