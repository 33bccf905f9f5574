package dev.almanac.agent;

/** A step of the agent as it happens: for the --verbose trace and for streaming. */
public record AgentEvent(String step, String detail) {}
