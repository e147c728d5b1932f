package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.EnumMap;
import java.util.Map;

/**
 * The five static pages of RUBiS ({@code index.html}, {@code register.html}, {@code browse.html},
 * {@code sell.html}, {@code about_me.html}) for one URL space, rendered once at start-up and
 * shared. Their forms point at the scripts of the same space. Immutable, thread-safe.
 */
final class StaticPages {
  private final Map<RubisInteraction, PageReply> pages = new EnumMap<>(RubisInteraction.class);

  StaticPages(UrlSpace space, ReferenceData reference) {
    pages.put(RubisInteraction.HOME, home(space));
    pages.put(RubisInteraction.REGISTER, register(space, reference));
    pages.put(RubisInteraction.BROWSE, browse(space));
    pages.put(RubisInteraction.SELL, login(space, "Sell an item", "BrowseCategories",
        "You must log in to sell an item"));
    pages.put(RubisInteraction.ABOUT_ME_FORM, login(space, "About me", "AboutMe",
        "Log in to see your account information"));
  }

  /** The page of a static interaction ({@link RubisInteraction#isStaticPage()}). */
  PageReply page(RubisInteraction interaction) {
    PageReply page = pages.get(interaction);
    if (page == null) {
      throw new IllegalArgumentException(interaction + " is not a static page");
    }
    return page;
  }

  private static PageReply home(UrlSpace space) {
    Html html = new Html(space, "Home");
    html.h2("Welcome to RUBiS's home page!")
        .raw("<p>RUBiS is an auction site prototype modelled after eBay.com, in its "
            + space.versionName() + " version.</p>\n<ul>\n")
        .raw("<li><a href=\"" + space.html("register.html") + "\">Register</a>\n")
        .raw("<li><a href=\"" + space.html("browse.html") + "\">Browse</a>\n")
        .raw("<li><a href=\"" + space.html("sell.html") + "\">Sell</a>\n")
        .raw("<li><a href=\"" + space.html("about_me.html") + "\">About me</a>\n</ul>\n");
    return html.finish();
  }

  private static PageReply register(UrlSpace space, ReferenceData reference) {
    Html html = new Html(space, "Register");
    html.h2("Register to RUBiS").form("RegisterUser")
        .input("First name", "firstname", 20)
        .input("Last name", "lastname", 20)
        .input("Nickname", "nickname", 20)
        .input("E-mail", "email", 30)
        .input("Password", "password", 20)
        .raw("Region: <select name=region>\n");
    for (String region : reference.regions()) {
      html.raw("<option value=\"").text(region).raw("\">").text(region).raw("</option>\n");
    }
    return html.raw("</select><br>\n").endForm("Register now!").finish();
  }

  private static PageReply browse(UrlSpace space) {
    Html html = new Html(space, "Browse");
    html.h2("Browse RUBiS items").raw("<p>")
        .raw("<a href=\"" + space.script("BrowseCategories") + "\">Browse all items by category</a><br>\n")
        .raw("<a href=\"" + space.script("BrowseRegions") + "\">Browse all items by region</a></p>\n");
    return html.finish();
  }

  private static PageReply login(UrlSpace space, String title, String script, String prompt) {
    return new Html(space, title).h2(prompt).form(script)
        .input("Your nickname", "nickname", 20)
        .input("Your password", "password", 20)
        .endForm("Log in").finish();
  }
}
