package io.crosscheck.tpcw.server;

/**
 * One book of the catalog as TPC-W's ITEM row joined with its AUTHOR (TPCW_Populate
 * populateItemTable/populateAuthorTable). Money in cents; dates as epoch days (UTC). Immutable.
 *
 * @param image path under the site's {@code Images/} directory, {@code img<N%100>/image_<N>.gif}
 * @param thumbnail likewise {@code img<N%100>/thumb_<N>.gif}
 * @param related five other item ids (I_RELATED1..5), the home and cart pages' promotions
 */
record Item(int id, String title, int authorId, String authorFirstName, String authorLastName, String subject,
    long publishedEpochDay, String publisher, String description, int[] related, String image, String thumbnail,
    long srpCents, long costCents, long availableEpochDay, int stock, String isbn, int pages, String backing,
    String dimensions) {

  /** This item after an admin update (TPCW_admin_response_servlet): new cost, images, publication date. */
  Item updated(long newCostCents, String newImage, String newThumbnail, long newPublishedEpochDay) {
    return new Item(id, title, authorId, authorFirstName, authorLastName, subject, newPublishedEpochDay, publisher,
        description, related, newImage, newThumbnail, srpCents, newCostCents, availableEpochDay, stock, isbn, pages,
        backing, dimensions);
  }
}
