package io.crosscheck.sites;

import io.crosscheck.server.DemandExecutor;
import io.crosscheck.server.OrderedRequestHandler;
import io.crosscheck.server.PendingRequest;
import io.crosscheck.server.ServiceDemand;
import io.netty.channel.ChannelHandlerContext;
import java.io.PrintStream;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * One connection of an embedded site (the RUBiS auction site, the TPC-W bookstore): answers
 * requests strictly in order (pipelined ones wait), routes each, spends its interaction's sampled
 * service demand through the harness's {@link DemandExecutor} (503 when the CPU queue is full),
 * then renders and writes the page with Content-Length and the site's Server field, keeping the
 * connection open unless HTTP/1.0 or {@code Connection: close} asks otherwise. A request the codec
 * could not decode gets a 400; a page that throws while rendering (a bug) a 500 naming the
 * exception, never a stack trace. Every reply is counted before it is written. Order, pipelining
 * queue and the connection's end are the harness's {@link OrderedRequestHandler}'s.
 *
 * <p>Not sharable: one instance per connection; the random source is the connection's own split
 * of the server's seeded source.
 *
 * @param <R> the site's route (what a request URI resolves to)
 * @param <I> the site's interaction (what demand, counters and the log are keyed by)
 */
public class SiteHandler<R extends SiteRoute<I>, I extends Enum<I>> extends OrderedRequestHandler {
  /**
   * What a site's connections share.
   *
   * @param serverName how the harness's log names the server
   * @param serverHeader the Server field of every reply
   * @param malformedText the 400 reply's text for a request the codec could not decode
   */
  public record Settings(String serverName, String serverHeader, DemandExecutor demandExecutor, int workers,
      int queueCapacity, PrintStream log, String malformedText) {}

  /**
   * How a site answers: its router, its pages, its demand per interaction, its counters, and the
   * interaction a malformed request is counted as.
   */
  public record Site<R, I extends Enum<I>>(Function<String, R> router, Function<R, PageReply> pages,
      Function<I, ServiceDemand> demand, SiteCounters<I> counters, I malformed) {}

  private final Settings settings;
  private final Site<R, I> site;
  private final SplittableRandom random;

  public SiteHandler(Settings settings, Site<R, I> site, SplittableRandom random) {
    super(settings.log(), settings.serverName());
    this.settings = settings;
    this.site = site;
    this.random = random;
  }

  /** How the log line names the interaction. */
  protected String logName(I interaction) {
    return interaction.toString();
  }

  /** The reply when rendering threw: a 500 naming the exception, never a stack trace. */
  protected PageReply renderFailed(PendingRequest request, RuntimeException e) {
    return PageReply.text(500, "internal server error: " + e + "\n");
  }

  /** The log, or null. */
  protected final PrintStream log() {
    return settings.log();
  }

  @Override
  protected final void start(ChannelHandlerContext ctx, PendingRequest request) {
    if (request.malformed()) {
      write(ctx, request, site.malformed(), PageReply.text(400, settings.malformedText()), 0);
      return;
    }
    R route = site.router().apply(request.uri());
    I interaction = route.interaction();
    long demandNanos = site.demand().apply(interaction).sampleNanos(random);
    settings.demandExecutor().run(ctx.executor(), demandNanos,
        guarded(ctx, () -> reply(ctx, request, route, demandNanos)),
        () -> {
          site.counters().rejected();
          write(ctx, request, interaction, PageReply.text(503, "server busy: all " + settings.workers()
              + " cpu workers busy and the queue of " + settings.queueCapacity() + " full\n"), demandNanos);
        });
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, R route, long serviceNanos) {
    if (ended() || !ctx.channel().isActive()) {
      return;
    }
    PageReply reply;
    try {
      reply = site.pages().apply(route);
    } catch (RuntimeException e) {
      reply = renderFailed(request, e);
    }
    write(ctx, request, route.interaction(), reply, serviceNanos);
  }

  private void write(ChannelHandlerContext ctx, PendingRequest request, I interaction, PageReply reply,
      long serviceNanos) {
    site.counters().served(interaction, reply.status());
    PrintStream log = settings.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + reply.status() + " " + logName(interaction)
          + " bytes=" + reply.body().length + " serviceNanos=" + serviceNanos);
    }
    writeReply(ctx, request, reply.status(), reply.contentType(), reply.body(), settings.serverHeader());
  }
}
