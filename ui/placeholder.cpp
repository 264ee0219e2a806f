namespace gw {} // namespace gw
