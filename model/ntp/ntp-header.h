/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_HEADER_H
#define NTP_HEADER_H

#include "ntp-message.h"

#include "ns3/header.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief An NtpMessage as an ns-3 Header: the payload of a UDP datagram to or from port 123.
 *
 * Serialize writes NtpMessage::Encode's octets. NTP has no length field: the message is the
 * whole datagram, so Deserialize reads every octet that remains in the buffer and decodes
 * them. A well-formed message (OK or KISS_OF_DEATH) is read whole; a refused one returns 0
 * (the caller drops the packet and can read why from GetStatus), like every decoder of this
 * module.
 */
class NtpHeader : public Header
{
  public:
    NtpHeader();
    /** \param message the message carried */
    explicit NtpHeader(const NtpMessage& message);

    /** \return the TypeId */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    /**
     * \param start the buffer
     * \return octets read (all that remain), or 0 when the message is refused (GetStatus says
     *         why)
     */
    uint32_t Deserialize(Buffer::Iterator start) override;

    /** \return the message */
    const NtpMessage& GetMessage() const;
    /** \param message the message to carry */
    void SetMessage(const NtpMessage& message);
    /** \return the status of the last Deserialize (OK before any) */
    NtpDecodeStatus GetStatus() const;

  private:
    NtpMessage m_message;                          //!< the message
    NtpDecodeStatus m_status{NtpDecodeStatus::OK}; //!< last Deserialize result
};

} // namespace ns3

#endif /* NTP_HEADER_H */
