package dev.almanac.store;

/** One curated knowledge item as the store keeps it: its kind, name, JSON body and source file. */
public record StoredItem(String kind, String name, String body, String sourceFile) {}
