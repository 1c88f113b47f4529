"""The AIWolf NLP gateway: AIWolf agents play aiwolf games over the reference server's WebSocket protocol
(`/aiwolf/ws`; see `service.aiwolf.gateway`)."""
