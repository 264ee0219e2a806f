// A fake kubelet that is a real gRPC server of the kubelet's pod-resources
// API v1 (core/owners/podresources.proto) on a Unix socket: for the owner
// suites (tst_kubeletpods) and the agent's (tst_ownersintegration).
#pragma once

#include "podresources.grpc.pb.h"

#include <grpcpp/grpcpp.h>

#include <QFile>
#include <QString>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>

namespace gw::test {

// A kubelet's PodResourcesLister: List answers `pods`;
// GetAllocatableResources answers `allocatable` or, where that is unset, what
// gRPC's generated service answers for a method not written: UNIMPLEMENTED
// (a kubelet before 1.21). While `stall` is set, List answers
// nothing until its caller gives up.
class FakeKubelet final : public v1::PodResourcesLister::Service
{
public:
    grpc::Status List(grpc::ServerContext* context, const v1::ListPodResourcesRequest*,
                      v1::ListPodResourcesResponse* reply) override
    {
        ++lists;
        std::unique_lock lock(mutex);
        // Waits for the caller's deadline (gRPC cancels the context then).
        while (stall && !context->IsCancelled())
            woken.wait_for(lock, std::chrono::milliseconds(10));
        *reply = pods;
        return grpc::Status::OK;
    }

    grpc::Status GetAllocatableResources(grpc::ServerContext* context,
                                         const v1::AllocatableResourcesRequest* request,
                                         v1::AllocatableResourcesResponse* reply) override
    {
        ++allocatableCalls;
        const std::lock_guard lock(mutex);
        if (!allocatable)
            return Service::GetAllocatableResources(context, request, reply);
        *reply = *allocatable;
        return grpc::Status::OK;
    }

    void setPods(v1::ListPodResourcesResponse p)
    {
        const std::lock_guard lock(mutex);
        pods = std::move(p);
    }
    void setAllocatable(std::optional<v1::AllocatableResourcesResponse> a)
    {
        const std::lock_guard lock(mutex);
        allocatable = std::move(a);
    }

    std::atomic<int> lists = 0;
    std::atomic<int> allocatableCalls = 0;
    std::atomic<bool> stall = false;

private:
    std::mutex mutex;
    std::condition_variable woken;
    v1::ListPodResourcesResponse pods;
    std::optional<v1::AllocatableResourcesResponse> allocatable;
};

// The fake served on a Unix socket; stop() shuts it and removes the socket.
struct FakeKubeletServer
{
    explicit FakeKubeletServer(QString socketPath)
        : path(std::move(socketPath))
    {}
    ~FakeKubeletServer() { stop(); }

    bool start()
    {
        grpc::ServerBuilder builder;
        builder.AddListeningPort("unix:" + path.toStdString(), grpc::InsecureServerCredentials());
        builder.RegisterService(&service);
        server = builder.BuildAndStart();
        return server != nullptr;
    }
    void stop()
    {
        if (!server)
            return;
        server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
        server->Wait();
        server.reset();
        QFile::remove(path);
    }

    QString path;
    FakeKubelet service;
    std::unique_ptr<grpc::Server> server;
};

inline void addKubeletPod(v1::ListPodResourcesResponse& list, const char* ns, const char* name,
                          const char* container, const char* resource, QStringList ids)
{
    v1::PodResources* pod = list.add_pod_resources();
    pod->set_name(name);
    pod->set_namespace_(ns);
    v1::ContainerResources* c = pod->add_containers();
    c->set_name(container);
    if (ids.isEmpty())
        return;
    v1::ContainerDevices* d = c->add_devices();
    d->set_resource_name(resource);
    for (const QString& id : ids)
        d->add_device_ids(id.toStdString());
}

} // namespace gw::test
