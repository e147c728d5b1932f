package io.crosscheck.rubis;

import java.util.List;

/**
 * Everything a {@link RubisSession} needs, resolved from {@code rubis.properties} (or built
 * directly in tests). Immutable and thread-safe.
 *
 * @param flavour PHP, Servlets or EJB (script naming)
 * @param htmlPath the flavour's HTML path, e.g. {@code /PHP}
 * @param scriptPath the flavour's script path, e.g. {@code /PHP}
 * @param table the transition table
 * @param useTpcwThinkTime true: exponential think times, mean 7 s; false: the table's values
 * @param maxTransitions {@code workload_maximum_number_of_transitions}
 * @param itemsPerPage {@code workload_number_of_items_per_page}
 * @param numberOfUsers {@code database_number_of_users}
 * @param regions region names (id = index)
 * @param categories category names (id = index)
 * @param totalActiveItems the sum of the categories' item counts
 * @param oldItems {@code database_number_of_old_items}
 * @param percentUniqueItems {@code database_percentage_of_unique_items}
 * @param percentReservePrice {@code database_percentage_of_items_with_reserve_price}
 * @param percentBuyNow {@code database_percentage_of_buy_now_items}
 * @param maxItemQuantity {@code database_max_quantity_for_multiple_items}
 * @param itemDescriptionLength {@code database_item_description_length}
 * @param commentMaxLength {@code database_comment_max_length}
 */
public record RubisSessionConfig(
    RubisFlavour flavour, String htmlPath, String scriptPath, TransitionTable table,
    boolean useTpcwThinkTime, int maxTransitions, int itemsPerPage, int numberOfUsers,
    List<String> regions, List<String> categories, int totalActiveItems, int oldItems,
    float percentUniqueItems, float percentReservePrice, float percentBuyNow, int maxItemQuantity,
    int itemDescriptionLength, int commentMaxLength) {

  public RubisSessionConfig {
    regions = List.copyOf(regions);
    categories = List.copyOf(categories);
  }

  /** The configuration that {@code properties} describe, with {@code table} and {@code flavour}. */
  public static RubisSessionConfig of(
      RubisProperties properties, TransitionTable table, RubisFlavour flavour) {
    return new RubisSessionConfig(flavour, properties.htmlPath(flavour),
        properties.scriptPath(flavour), table, properties.useTpcwThinkTime(),
        properties.getInt("workload_maximum_number_of_transitions"),
        properties.getInt("workload_number_of_items_per_page"),
        properties.getInt("database_number_of_users"), properties.regions(),
        properties.categories().stream().map(RubisProperties.Category::name).toList(),
        properties.categories().stream().mapToInt(RubisProperties.Category::itemCount).sum(),
        properties.getInt("database_number_of_old_items"),
        properties.getFloat("database_percentage_of_unique_items"),
        properties.getFloat("database_percentage_of_items_with_reserve_price"),
        properties.getFloat("database_percentage_of_buy_now_items"),
        properties.getInt("database_max_quantity_for_multiple_items"),
        properties.getInt("database_item_description_length"),
        properties.getInt("database_comment_max_length"));
  }

  /** A copy with another table. */
  public RubisSessionConfig withTable(TransitionTable other) {
    return new RubisSessionConfig(flavour, htmlPath, scriptPath, other, useTpcwThinkTime,
        maxTransitions, itemsPerPage, numberOfUsers, regions, categories, totalActiveItems,
        oldItems, percentUniqueItems, percentReservePrice, percentBuyNow, maxItemQuantity,
        itemDescriptionLength, commentMaxLength);
  }

  /** A copy with another maximum number of transitions per session. */
  public RubisSessionConfig withMaxTransitions(int max) {
    return new RubisSessionConfig(flavour, htmlPath, scriptPath, table, useTpcwThinkTime, max,
        itemsPerPage, numberOfUsers, regions, categories, totalActiveItems, oldItems,
        percentUniqueItems, percentReservePrice, percentBuyNow, maxItemQuantity,
        itemDescriptionLength, commentMaxLength);
  }

  /** A copy with TPC-W think times on or off. */
  public RubisSessionConfig withTpcwThinkTime(boolean tpcw) {
    return new RubisSessionConfig(flavour, htmlPath, scriptPath, table, tpcw, maxTransitions,
        itemsPerPage, numberOfUsers, regions, categories, totalActiveItems, oldItems,
        percentUniqueItems, percentReservePrice, percentBuyNow, maxItemQuantity,
        itemDescriptionLength, commentMaxLength);
  }
}
